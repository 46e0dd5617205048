/**
 * Shared fixtures for the contract tests: the whole protocol deployed by the same code as
 * scripts/deploy.ts, snapshotted by `loadFixture`, plus helpers for events and reverts.
 */
import fs from "node:fs";
import path from "node:path";
import hre from "hardhat";
import { expect } from "vitest";
import { loadFixture } from "@nomicfoundation/hardhat-toolbox-viem/network-helpers";
import { parseEventLogs, type Abi, type Address, type ContractEventName, type Hex, type ParseEventLogsReturnType, type TransactionReceipt } from "viem";
import { mined, type WalletClient } from "../../../scripts/protocol/contracts";
import { as, defaultConfig, deployProtocol, type Protocol, type ProtocolConfig } from "../../../scripts/protocol/deploy-protocol";
import { advanceWithKeepers } from "../../../scripts/protocol/keepers";

export { hre };

let compiled: Promise<void> | undefined;

/**
 * Compiles once per worker. Test files run in parallel workers, so the compile runs under a
 * lock directory: concurrent compiles would write the same artifacts.
 */
export function ensureCompiled(): Promise<void> {
  compiled ??= (async () => {
    const lock = path.join(hre.config.paths.cache, "compile.lock");
    fs.mkdirSync(hre.config.paths.cache, { recursive: true });
    for (let waited = 0; ; waited += 200) {
      try {
        fs.mkdirSync(lock);
        break;
      } catch {
        if (waited > 120_000) fs.rmSync(lock, { recursive: true, force: true });
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    try {
      await hre.run("compile", { quiet: true });
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  })();
  return compiled;
}

/** Settings for tests: production timing (8-hour epochs and warmup), a feed fresh for a day. */
export const testConfig: ProtocolConfig = { ...defaultConfig };

export interface World extends Protocol {
  wallets: WalletClient[];
  owner: WalletClient;
  alice: WalletClient;
  bob: WalletClient;
  carol: WalletClient;
  dave: WalletClient;
  /** Contracts as seen by each wallet. */
  of: (wallet: WalletClient) => ReturnType<typeof as>;
  send: (hash: Promise<Hex>) => Promise<TransactionReceipt>;
}

/** The protocol deployed with `config` (a fixture of its own wraps it, for `loadFixture`). */
export async function deployWorld(config: ProtocolConfig): Promise<World> {
  await ensureCompiled();
  const protocol = await deployProtocol(hre, config);
  const wallets = await hre.viem.getWalletClients();
  const [owner, alice, bob, carol, dave] = wallets as [WalletClient, WalletClient, WalletClient, WalletClient, WalletClient];
  return {
    ...protocol,
    wallets,
    owner,
    alice,
    bob,
    carol,
    dave,
    of: (wallet) => as(protocol, wallet),
    send: (hash) => mined(protocol.publicClient, hash),
  };
}

/** The protocol as deployed, no demo data. */
export async function protocolFixture(): Promise<World> {
  return deployWorld(testConfig);
}

/** `loadFixture(protocolFixture)`: a fresh deployment for each test, from a snapshot. */
export function world(): Promise<World> {
  return loadFixture(protocolFixture);
}

/** Decoded events `name` emitted by `contract` in a receipt. */
export function eventsOf<const A extends Abi, N extends ContractEventName<A>>(
  receipt: TransactionReceipt,
  contract: { abi: A; address: Address },
  name: N,
): ParseEventLogsReturnType<A, N, true> {
  const logs = receipt.logs.filter((log) => log.address.toLowerCase() === contract.address.toLowerCase());
  return parseEventLogs({ abi: contract.abi, logs, eventName: name, strict: true }) as ParseEventLogsReturnType<A, N, true>;
}

/** The single event `name` emitted by `contract` in a receipt (fails unless exactly one). */
export function eventOf<const A extends Abi, N extends ContractEventName<A>>(
  receipt: TransactionReceipt,
  contract: { abi: A; address: Address },
  name: N,
) {
  const events = eventsOf(receipt, contract, name);
  if (events.length !== 1) throw new Error(`expected one ${String(name)} event, got ${events.length}`);
  return events[0]!;
}

/** A pattern matching a revert with custom error `name`. */
export function revertsWith(name: string): RegExp {
  return new RegExp(`\\b${name}\\b`);
}

/**
 * Moves chain time on by `seconds` while the keepers do what they would meanwhile: the price
 * keeper refreshes the ETH/USD feed and observes the PEX-ETH average, so a use at the end finds
 * both fresh (a raw `evm_increaseTime` leaves them stale).
 */
export async function advance(w: World, seconds: number | bigint): Promise<void> {
  await advanceWithKeepers(hre, w, (await now(w)) + BigInt(seconds));
}

/** Moves chain time to `timestamp` (the next block has it), as `advance` does. */
export async function advanceTo(w: World, timestamp: bigint): Promise<void> {
  await advanceWithKeepers(hre, w, timestamp);
}

/** Gives `wallet` `amount` PEX, approves SPEX and stakes it; returns the position id. */
export async function stakeAs(w: World, wallet: WalletClient, amount: bigint, random = 1n): Promise<bigint> {
  const me = w.of(wallet);
  if (wallet.account.address !== w.owner.account.address) await w.send(w.pex.write.transfer([wallet.account.address, amount]));
  await w.send(me.pex.write.approve([w.spex.address, amount]));
  await w.send(me.spex.write.stake([amount, random]));
  return w.spex.read.stakeCount();
}

/** The latest block's timestamp. */
export async function now(w: World): Promise<bigint> {
  return (await w.publicClient.getBlock()).timestamp;
}

// Hardhat-viem reports deployed and account addresses in lower case, decoded results are
// checksummed: compare addresses case-insensitively.
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
expect.addEqualityTesters([
  (a: unknown, b: unknown) => (typeof a === "string" && typeof b === "string" && ADDRESS.test(a) && ADDRESS.test(b) ? a.toLowerCase() === b.toLowerCase() : undefined),
]);
