import path from "node:path";
import { extendProvider, subtask } from "hardhat/config";
import { TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD } from "hardhat/builtin-tasks/task-names";
import type { HardhatUserConfig } from "hardhat/config";
import "@nomicfoundation/hardhat-toolbox-viem";
import { HARDHAT_ACCOUNT_COUNT } from "./domain/demo-accounts";
import { explorerLongVersion } from "./scripts/lib/solc-version";
import { LIVE_NETWORKS, withDeployerKeystore } from "./scripts/lib/deployer-keystore";

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
    // solcjs names its platform ("…+commit.7893614a.Emscripten.clang"); explorers list and accept
    // only the release's own name, which verification sends from the build info (the BSC target
    // decision record). The bytecode is the same: the metadata names the release alone.
    longVersion: explorerLongVersion(solc.version()),
  };
});

// A live network's deployer signs with a keystore's key, decrypted when the network is first used.
extendProvider((provider, _config, network) =>
  LIVE_NETWORKS.includes(network) ? withDeployerKeystore(provider, process.env) : provider,
);

const env = process.env;
const rpcPort = env.CHAIN_PORT ?? "8545";
const localChainId = Number(env.CHAIN_ID ?? 31337);
if (!Number.isSafeInteger(localChainId) || localChainId <= 0)
  throw new Error(`CHAIN_ID must be a positive integer: ${env.CHAIN_ID}`);

const config: HardhatUserConfig = {
  solidity: {
    version: SOLC_VERSION,
    settings: {
      evmVersion: "cancun",
      optimizer: { enabled: true, runs: 200 },
      // solc's default, written out because explorers verify against it; naming it also
      // invalidates artifacts compiled before the long version above was normalised.
      metadata: { bytecodeHash: "ipfs" },
    },
  },
  networks: {
    hardhat: { chainId: 31337, accounts: { count: HARDHAT_ACCOUNT_COUNT } },
    // The node `npm start` runs is 31337; CHAIN_ID names another chain behind CHAIN_RPC_URL (a
    // fork, a devnet), and Hardhat refuses to send to a node whose chain id differs.
    localhost: { url: env.CHAIN_RPC_URL ?? `http://127.0.0.1:${rpcPort}`, chainId: localChainId },
    // BNB Smart Chain: BNB Chain's public endpoints unless the environment names a node.
    bsc: { url: env.BSC_RPC_URL || "https://bsc-dataseed.bnbchain.org", chainId: 56 },
    bscTestnet: { url: env.BSC_TESTNET_RPC_URL || "https://data-seed-prebsc-1-s1.bnbchain.org:8545", chainId: 97 },
  },
  // One Etherscan V2 key verifies on every chain it serves, BscScan included (hardhat-verify
  // 2.1 knows chains 56 and 97); BSCSCAN_API_KEY is read for a key issued under that name.
  etherscan: { apiKey: env.ETHERSCAN_API_KEY || env.BSCSCAN_API_KEY || "" },
  sourcify: { enabled: false },
  gasReporter: {
    enabled: env.REPORT_GAS === "true",
  },
};

export default config;
