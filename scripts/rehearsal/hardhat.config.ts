/**
 * The rehearsal's chain: a Hardhat node playing BNB Smart Chain's testnet (chain 97) that mines a
 * block every second whatever arrives, as a live chain does, with the rehearsal's operator
 * accounts funded in its genesis (REHEARSAL_GENESIS_FILE, written by scripts/rehearsal/run.ts).
 * Everything is signed by its owner and sent raw; nothing uses the node's unlocked accounts.
 */
import fs from "node:fs";
import path from "node:path";
import type { HardhatUserConfig } from "hardhat/config";

const genesisFile = process.env.REHEARSAL_GENESIS_FILE;
if (!genesisFile) throw new Error("REHEARSAL_GENESIS_FILE is required (scripts/rehearsal/run.ts writes it)");
const genesis = JSON.parse(fs.readFileSync(genesisFile, "utf8")) as { privateKey: string; balance: string }[];

const config: HardhatUserConfig = {
  paths: { root: path.resolve(__dirname, "../.."), cache: path.resolve(__dirname, "../../cache/rehearsal") },
  networks: {
    hardhat: {
      chainId: Number(process.env.REHEARSAL_CHAIN_ID ?? 97),
      accounts: genesis,
      mining: { auto: false, interval: 1000 },
      // Time moves only with the clock: durations come from the deploy's parameters.
      allowBlocksWithSameTimestamp: false,
    },
  },
};

export default config;
