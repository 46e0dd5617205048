/**
 * The rehearsal's chain for the provider's tests: Hardhat's in-process network as chain 97 (BSC
 * testnet's id) mining a block a second, served over HTTP on port 26545 to the provider's
 * commands, which run as child processes exactly as the rehearsal runs them. The server records
 * every JSON-RPC method it is asked, so a test can tell that the provider never asked the node
 * to sign (`eth_sendTransaction`).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { TASK_NODE_CREATE_SERVER } from "hardhat/builtin-tasks/task-names";
import { encryptKeystoreJson, Wallet } from "ethers";
import { toHex, type Address } from "viem";
import { startChild, type Child } from "../../../scripts/lib/processes";
import { ensureCompiled, hre } from "../support/fixture";

const ROOT = path.resolve(__dirname, "../../..");
const PROVIDER = path.join(ROOT, "scripts/rehearsal/provider");
export const PORT = 26545;
export const RPC_URL = `http://127.0.0.1:${PORT}`;

interface RpcServer {
  listen(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}

export interface RehearsalChain {
  /** Every JSON-RPC method the served node was asked. */
  methods: Set<string>;
  dir: string;
  keystore: string;
  passwordFile: string;
  out: string;
  provider: Address;
  /** Runs a provider command to its end: its exit code and output. */
  run(command: string, args: string[], passwordFile?: string): Promise<{ code: number; output: string }>;
  /** Starts a long-running provider command; its output goes to `<dir>/<name>.log`. */
  start(name: string, command: string, args: string[]): Child;
  log(name: string): string;
  stop(): Promise<void>;
}

/** Starts the chain and writes a keystore for a fresh provider account that holds 100 BNB. */
export async function startRehearsalChain(): Promise<RehearsalChain> {
  await ensureCompiled();
  // Before the first request, while the in-process network is still to be created.
  hre.network.config.chainId = 97;
  const methods = new Set<string>();
  const node = hre.network.provider;
  const recorder = {
    request: (args: { method: string; params?: unknown[] }) => (methods.add(args.method), node.request(args)),
    addListener: (event: string, listener: (...a: unknown[]) => void) => node.addListener(event, listener),
    removeListener: (event: string, listener: (...a: unknown[]) => void) => node.removeListener(event, listener),
  };
  const server = (await hre.run(TASK_NODE_CREATE_SERVER, { hostname: "127.0.0.1", port: PORT, provider: recorder })) as RpcServer;
  await server.listen();
  await node.send("evm_setAutomine", [false]);
  await node.send("evm_setIntervalMining", [1_000]);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rehearsal-provider-"));
  const wallet = Wallet.createRandom();
  const keystore = path.join(dir, "provider.keystore.json");
  const passwordFile = path.join(dir, "provider.password");
  // A light scrypt (2^12): the format and the code path are a real keystore's, the test stays fast.
  const json = await encryptKeystoreJson({ address: wallet.address, privateKey: wallet.privateKey }, "rehearsal pass", {
    scrypt: { N: 1 << 12 },
  });
  fs.writeFileSync(keystore, json);
  fs.writeFileSync(passwordFile, "rehearsal pass\n");
  // The chain's genesis would give the provider its BNB; here the node sets the balance.
  await node.send("hardhat_setBalance", [wallet.address, toHex(100n * 10n ** 18n)]);
  const out = path.join(dir, "provider.json");
  const common = (passwords: string) => ["--rpc", RPC_URL, "--keystore", keystore, "--password-file", passwords, "--out", out];
  const script = (command: string) => path.join(PROVIDER, `${command}.ts`);

  return {
    methods,
    dir,
    keystore,
    passwordFile,
    out,
    provider: wallet.address as Address,
    run: (command, args, passwords = passwordFile) =>
      new Promise((resolve) => {
        execFile(
          process.execPath,
          ["--import", "tsx", script(command), ...common(passwords), ...args],
          { cwd: ROOT, timeout: 120_000 },
          (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, output: stdout + stderr }),
        );
      }),
    start: (name, command, args) =>
      startChild(name, process.execPath, ["--import", "tsx", script(command), ...common(passwordFile), ...args], {
        cwd: ROOT,
        logFile: path.join(dir, `${name}.log`),
      }),
    log: (name) => {
      const file = path.join(dir, `${name}.log`);
      return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
    },
    stop: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
