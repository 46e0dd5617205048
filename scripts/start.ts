/**
 * `npm start` (production build of the web app) and `npm run dev` (Vite dev server):
 * chain, contracts, database with demo data, API and web app from one command.
 * Ctrl-C stops every child. Configuration: see the README's environment table.
 */
import { DEMO_ACCOUNTS } from "../domain/demo-accounts";
import { parseApiReplicas } from "./lib/replicas";
import { startStack } from "./lib/stack";

const env = process.env;
const port = (name: string, fallback: number) => {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) throw new Error(`${name} must be a port number, got ${env[name]}`);
  return value;
};

async function main() {
  const dev = process.argv.includes("--dev");
  // Checked before anything starts: several API processes need PostgreSQL.
  const apiReplicas = parseApiReplicas(env);
  const stack = await startStack({
    chainPort: port("CHAIN_PORT", 8545),
    apiPort: port("API_PORT", 8787),
    apiReplicas,
    webPort: port("WEB_PORT", 5173),
    host: env.HOST ?? "127.0.0.1",
    dataDir: env.DATA_DIR ?? ".data",
    databaseUrl: env.DATABASE_URL,
    dev,
    webOutDir: env.WEB_OUT_DIR ?? "dist",
    logToFiles: true,
    log: (line) => console.log(line),
  });

  const indent = "\n            ";
  const apiLines = [
    ...stack.apiUrls.map((url) => `${url}/base/api/...`),
    ...(stack.apiUrls.length === 1
      ? []
      : dev
        ? ["(Vite's dev proxy sends every call to the first; npm start spreads them)"]
        : [`(${stack.apiUrls.length} processes; the web server spreads the calls across them)`]),
  ].join(indent);
  const accounts = DEMO_ACCOUNTS.map((a) => `  #${a.index} ${a.address}  key ${a.privateKey}\n      ${a.role}`).join("\n");
  console.log(`
PEX is running${dev ? " (development mode, hot reload)" : ""}.

  Web app   ${stack.webUrl}#/pages/login/login
  API       ${apiLines}
  Chain     ${stack.rpcUrl}  (chain id 31337)
  Logs      ${env.DATA_DIR ?? ".data"}/logs/

Demo wallets (Hardhat's public test keys, worthless anywhere else):
${accounts}

Add the local chain to a wallet: network name "Hardhat local", RPC URL ${stack.rpcUrl},
chain id 31337, currency ETH. Then import one of the keys above and sign in.

Press Ctrl-C to stop everything.`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log("\nStopping …");
    await stack.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown());
  process.on("SIGTERM", () => void shutdown());
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
