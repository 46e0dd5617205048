/**
 * Deploys the protocol to the selected Hardhat network, seeds demo data on a local chain and
 * writes the one generated addresses file that the web app and the server read.
 *
 *   hardhat run scripts/deploy.ts --network localhost
 *
 * DEPLOYMENTS_FILE overrides the output path (default src/generated/deployments.json).
 * DEMO=0 skips the demo data on a local chain; DEMO=1 seeds it elsewhere (test networks).
 * LOTTERY_SECRET is the lottery operator's secret (seeds are derived from it per round).
 * On a live network, USDT_ADDRESS, ETH_USD_FEED (Chainlink) and UNISWAP_V2_ROUTER point at the
 * existing contracts instead of deploying local stand-ins.
 * PRICE_KEEPER_ADDRESS may push answers to a feed deployed here (default on the local chain:
 * Hardhat #19, the server's price keeper); with a Chainlink feed there is nothing to push.
 * LOTTERY_OPERATOR_ADDRESS may start and draw lottery rounds (default on the local chain:
 * Hardhat #9, the server's lottery keeper).
 */
import fs from "node:fs";
import path from "node:path";
import hre from "hardhat";
import { DEV_PRICE_KEEPER } from "../domain/eth-usd-price";
import { DEV_LOTTERY_OPERATOR } from "../domain/lottery-seed";
import { addressesOf, defaultConfig, deployProtocol, LOCAL_TWAP } from "./protocol/deploy-protocol";
import { DEV_LOTTERY_SECRET, demoConfigOverrides, seedDemo } from "./protocol/seed-demo";

export interface Deployments {
  chainId: number;
  /** Hash of block 0: a different value means a new chain, so the server resets its cursors. */
  genesisHash: `0x${string}`;
  /** First block that can hold events of these contracts. */
  startBlock: number;
  deployedAt: string;
  contracts: Record<string, `0x${string}`>;
}

async function main() {
  const started = Date.now();
  const publicClient = await hre.viem.getPublicClient();
  const chainId = await publicClient.getChainId();
  const genesis = await publicClient.getBlock({ blockNumber: 0n });
  const startBlock = Number(await publicClient.getBlockNumber()) + 1;
  const local = chainId === 31337;
  const demo = process.env.DEMO ? process.env.DEMO === "1" : local;

  const address = (name: string) => {
    const value = process.env[name];
    if (value && !/^0x[0-9a-fA-F]{40}$/.test(value)) throw new Error(`${name} is not an address: ${value}`);
    return value as `0x${string}` | undefined;
  };
  const existing = {
    usdt: address("USDT_ADDRESS"),
    ethUsdFeed: address("ETH_USD_FEED"),
    uniswapRouter: address("UNISWAP_V2_ROUTER"),
  };
  const keeper = address("PRICE_KEEPER_ADDRESS") ?? (local ? DEV_PRICE_KEEPER.address : undefined);
  const lotteryOperator = address("LOTTERY_OPERATOR_ADDRESS") ?? (local ? DEV_LOTTERY_OPERATOR.address : undefined);
  const config = {
    ...defaultConfig,
    // A one-minute PEX-ETH average locally, so the deploy waits only that long for the first one.
    ...(local ? { twap: LOCAL_TWAP } : {}),
    ...(demo ? demoConfigOverrides() : {}),
    existing,
    priceUpdaters: keeper ? [keeper] : [],
    gameOperators: lotteryOperator ? [lotteryOperator] : [],
  };
  const protocol = await deployProtocol(hre, config);
  if (demo) await seedDemo(hre, protocol, process.env.LOTTERY_SECRET ?? DEV_LOTTERY_SECRET);

  const deployments: Deployments = {
    chainId,
    genesisHash: genesis.hash,
    startBlock,
    deployedAt: new Date().toISOString(),
    contracts: addressesOf(protocol),
  };
  const out = process.env.DEPLOYMENTS_FILE ?? path.join("src", "generated", "deployments.json");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(deployments, null, 2) + "\n");
  console.log(
    `Deployed to chain ${chainId}: ${Object.entries(deployments.contracts)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ")}`,
  );
  console.log(`Addresses written to ${out}${demo ? " (with demo data)" : ""} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
