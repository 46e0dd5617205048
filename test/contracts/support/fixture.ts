/**
 * Shared fixtures for the contract tests: the whole protocol deployed by the same code as
 * scripts/deploy.ts, snapshotted by `loadFixture`, plus helpers for events and reverts.
 */
import fs from "node:fs";
import path from "node:path";
import hre from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-toolbox-viem/network-helpers";
import { parseEventLogs, type Abi, type ContractEventName, type Hex, type ParseEventLogsReturnType, type TransactionReceipt } from "viem";
import { mined, type WalletClient } from "../../../scripts/protocol/contracts";
import { as, defaultConfig, deployProtocol, type Protocol, type ProtocolConfig } from "../../../scripts/protocol/deploy-protocol";

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

async function deployWorld(config: ProtocolConfig): Promise<World> {
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

/** Decoded events `name` of `abi` in a receipt. */
export function eventsOf<const A extends Abi, N extends ContractEventName<A>>(
  receipt: TransactionReceipt,
  abi: A,
  name: N,
): ParseEventLogsReturnType<A, N> {
  return parseEventLogs({ abi, logs: receipt.logs, eventName: name });
}

/** The single event `name` in a receipt (fails if there is not exactly one). */
export function eventOf<const A extends Abi, N extends ContractEventName<A>>(receipt: TransactionReceipt, abi: A, name: N) {
  const events = eventsOf(receipt, abi, name);
  if (events.length !== 1) throw new Error(`expected one ${String(name)} event, got ${events.length}`);
  return events[0]!;
}

/** A pattern matching a revert with custom error `name`. */
export function revertsWith(name: string): RegExp {
  return new RegExp(`\\b${name}\\b`);
}
