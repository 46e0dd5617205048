import fs from "node:fs";
import path from "node:path";
import { rpcAnswers, startChild, waitFor, type Child } from "../lib/processes";

/**
 * Starts the rehearsal's chain (hardhat.config.ts beside this file) with the given accounts
 * funded in its genesis. Hardhat prints a genesis account's private key when it starts: those
 * lines never reach the log, and the genesis file is removed as soon as the node has read it.
 */
export async function startRehearsalChain(o: {
  dir: string;
  port: number;
  chainId: number;
  genesis: { privateKey: string; address: string }[];
  balanceWei: bigint;
}): Promise<{ rpcUrl: string; child: Child }> {
  const genesisFile = path.join(o.dir, "genesis.json");
  fs.writeFileSync(
    genesisFile,
    JSON.stringify(o.genesis.map((g) => ({ privateKey: g.privateKey, balance: o.balanceWei.toString() }))),
    { mode: 0o600 },
  );
  const logFile = path.join(o.dir, "logs", "chain.log");
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const child = startChild(
    "chain",
    path.join("node_modules", ".bin", "hardhat"),
    [
      "--config",
      path.join("scripts", "rehearsal", "hardhat.config.ts"),
      "node",
      "--hostname",
      "127.0.0.1",
      "--port",
      String(o.port),
    ],
    { env: { REHEARSAL_GENESIS_FILE: genesisFile, REHEARSAL_CHAIN_ID: String(o.chainId) }, quiet: true },
  );
  const log = fs.createWriteStream(logFile, { flags: "a" });
  for (const stream of [child.proc.stdout, child.proc.stderr])
    stream?.on("data", (chunk: Buffer) => {
      const kept = chunk
        .toString()
        .split("\n")
        .filter((line) => !/private key/i.test(line))
        .join("\n");
      log.write(kept);
    });
  const rpcUrl = `http://127.0.0.1:${o.port}`;
  try {
    await waitFor(`the rehearsal chain on ${rpcUrl}`, () => rpcAnswers(rpcUrl), 90_000, child);
  } finally {
    fs.rmSync(genesisFile, { force: true });
  }
  return { rpcUrl, child };
}
