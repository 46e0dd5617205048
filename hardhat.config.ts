import path from "node:path";
import { subtask } from "hardhat/config";
import { TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD } from "hardhat/builtin-tasks/task-names";
import type { HardhatUserConfig } from "hardhat/config";
import "@nomicfoundation/hardhat-toolbox-viem";
import { HARDHAT_ACCOUNT_COUNT } from "./domain/demo-accounts";

const SOLC_VERSION = "0.8.28";

// Hardhat downloads its compiler by default, which fails on these offline machines:
// use the solcjs build shipped in the pinned `solc` npm package instead.
subtask(TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD, async (args: { solcVersion: string }, _hre, runSuper) => {
  if (args.solcVersion !== SOLC_VERSION) return runSuper();
  const solcPkgDir = path.dirname(require.resolve("solc/package.json"));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const solc = require("solc") as { version(): string };
  return {
    compilerPath: path.join(solcPkgDir, "soljson.js"),
    isSolcJs: true,
    version: SOLC_VERSION,
    longVersion: solc.version(),
  };
});

const rpcPort = process.env.CHAIN_PORT ?? "8545";

const config: HardhatUserConfig = {
  solidity: {
    version: SOLC_VERSION,
    settings: { evmVersion: "cancun", optimizer: { enabled: true, runs: 200 } },
  },
  networks: {
    hardhat: { chainId: 31337, accounts: { count: HARDHAT_ACCOUNT_COUNT } },
    localhost: { url: process.env.CHAIN_RPC_URL ?? `http://127.0.0.1:${rpcPort}`, chainId: 31337 },
  },
  gasReporter: {
    enabled: process.env.REPORT_GAS === "true",
  },
};

export default config;
