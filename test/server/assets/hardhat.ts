import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  http,
  type Abi,
  type Hex,
  type LocalAccount,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import type { Deployments } from "../../../domain/deployments";
import { DEMO_ACCOUNTS } from "../../../domain/demo-accounts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const ARTIFACTS = {
  usdt: path.join(ROOT, "artifacts/contracts/tokens/TestUSDT.sol/TestUSDT.json"),
  game: path.join(ROOT, "artifacts/contracts/game/Game.sol/Game.json"),
};

export const OPERATOR = privateKeyToAccount(DEMO_ACCOUNTS[0]!.privateKey);
export const INITIAL_SUPPLY = 1_000_000_000_000n; // 1,000,000 USDT of 6 decimals

function artifact(file: string): { abi: Abi; bytecode: Hex } {
  if (!fs.existsSync(file))
    execFileSync(path.join(ROOT, "node_modules/.bin/hardhat"), ["compile", "--quiet"], { cwd: ROOT, stdio: "ignore" });
  const json = JSON.parse(fs.readFileSync(file, "utf8")) as { abi: Abi; bytecode: Hex };
  return { abi: json.abi, bytecode: json.bytecode };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

export interface TestChain {
  rpcUrl: string;
  client: PublicClient;
  usdt: `0x${string}`;
  game: `0x${string}`;
  deployments: Deployments;
  deploymentsFile: string;
  /** Sends a contract write from `account` and waits for it to be mined. */
  write(
    account: LocalAccount,
    to: `0x${string}`,
    abi: Abi,
    functionName: string,
    args: unknown[],
    nonce?: number,
  ): Promise<`0x${string}`>;
  /** Signs a contract write from `account` at its next nonce without sending it (to send the same bytes again later). */
  signWrite(account: LocalAccount, to: `0x${string}`, abi: Abi, functionName: string, args: unknown[]): Promise<Hex>;
  /** Sends signed bytes and waits for them to be mined. */
  sendRaw(raw: Hex): Promise<`0x${string}`>;
  usdtBalance(address: `0x${string}`): Promise<bigint>;
  /** Deploys the contract of artifact `file` (under artifacts/, e.g. "contracts/test/X.sol/X.json") from the operator. */
  deploy(file: string, args: unknown[]): Promise<{ address: `0x${string}`; abi: Abi }>;
  mine(blocks: number): Promise<void>;
  /** `evm_snapshot`: the id to revert to. */
  snapshot(): Promise<string>;
  /** `evm_revert`: drops every block (and pending transaction) since the snapshot: the local way to orphan blocks. */
  revert(id: string): Promise<void>;
  stop(): Promise<void>;
}

export const usdtAbi = () => artifact(ARTIFACTS.usdt).abi;
export const gameArtifactAbi = () => artifact(ARTIFACTS.game).abi;

/**
 * A Hardhat node of its own (child process on a free port) with TestUSDT (supply held by the
 * operator, account #0; 6 decimals unless `usdtDecimals` says, 18 for BSC's) and Game deployed,
 * and a deployments file like scripts/deploy.ts writes.
 */
export async function startTestChain(o: { usdtDecimals?: number } = {}): Promise<TestChain> {
  const usdtDecimals = o.usdtDecimals ?? 6;
  const usdtArtifact = artifact(ARTIFACTS.usdt);
  const gameArtifact = artifact(ARTIFACTS.game);
  const port = await freePort();
  const rpcUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    path.join(ROOT, "node_modules/.bin/hardhat"),
    ["node", "--hostname", "127.0.0.1", "--port", String(port)],
    { cwd: ROOT, stdio: "ignore" },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
  };
  try {
    const client = createPublicClient({
      chain: hardhat,
      cacheTime: 0,
      transport: http(rpcUrl, { retryCount: 0 }),
    }) as PublicClient;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error("hardhat node exited while starting");
      try {
        await client.getChainId();
        break;
      } catch {
        if (Date.now() > deadline) throw new Error("hardhat node did not answer within 60 s");
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const walletOf = (account: LocalAccount) => createWalletClient({ account, chain: hardhat, transport: http(rpcUrl) });
    const write: TestChain["write"] = async (account, to, abi, functionName, args, nonce) => {
      const hash = await walletOf(account).writeContract({
        address: to,
        abi,
        functionName,
        args,
        ...(nonce === undefined ? {} : { nonce }),
      } as never);
      await client.waitForTransactionReceipt({ hash });
      return hash;
    };
    const signWrite: TestChain["signWrite"] = async (account, to, abi, functionName, args) => {
      const request = await walletOf(account).prepareTransactionRequest({
        account,
        to,
        data: encodeFunctionData({ abi, functionName, args }),
      });
      return account.signTransaction!(request as never);
    };
    const sendRaw: TestChain["sendRaw"] = async (raw) => {
      const hash = await client.sendRawTransaction({ serializedTransaction: raw });
      await client.waitForTransactionReceipt({ hash });
      return hash;
    };
    const deploy = async (a: { abi: Abi; bytecode: Hex }, args: unknown[]) => {
      const hash = await walletOf(OPERATOR).deployContract({ abi: a.abi, bytecode: a.bytecode, args } as never);
      const receipt = await client.waitForTransactionReceipt({ hash });
      return receipt.contractAddress!;
    };
    const genesis = await client.getBlock({ blockNumber: 0n });
    const startBlock = Number(await client.getBlockNumber()) + 1;
    // INITIAL_SUPPLY is in 6-decimal units: the same USDT amount in the token's decimals.
    const usdt = await deploy(usdtArtifact, [INITIAL_SUPPLY * 10n ** BigInt(Math.max(0, usdtDecimals - 6)), usdtDecimals]);
    const game = await deploy(gameArtifact, [OPERATOR.address]);
    await write(OPERATOR, game, gameArtifact.abi, "setAllowedToken", [usdt, true]);
    const deployments: Deployments = {
      chainId: 31337,
      genesisHash: genesis.hash,
      startBlock,
      deployedAt: new Date().toISOString(),
      contracts: { usdt, game },
      usdtDecimals,
    };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assets-chain-"));
    const deploymentsFile = path.join(dir, "deployments.json");
    fs.writeFileSync(deploymentsFile, JSON.stringify(deployments));
    return {
      rpcUrl,
      client,
      usdt,
      game,
      deployments,
      deploymentsFile,
      write,
      signWrite,
      sendRaw,
      async deploy(file, args) {
        const a = artifact(path.join(ROOT, "artifacts", file));
        return { address: await deploy(a, args), abi: a.abi };
      },
      usdtBalance: (address) =>
        client.readContract({
          address: usdt,
          abi: usdtArtifact.abi,
          functionName: "balanceOf",
          args: [address],
        }) as Promise<bigint>,
      mine: async (blocks) => {
        await client.request({ method: "hardhat_mine" as never, params: [`0x${blocks.toString(16)}`] as never });
      },
      snapshot: () => client.request({ method: "evm_snapshot" as never }) as Promise<string>,
      revert: async (id) => {
        if (!(await client.request({ method: "evm_revert" as never, params: [id] as never })))
          throw new Error(`evm_revert ${id} refused`);
      },
      async stop() {
        await stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
