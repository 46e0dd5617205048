/**
 * Deploys the contracts to the selected Hardhat network, seeds demo balances and writes the
 * one generated addresses file that the web app and the server read.
 *
 *   hardhat run scripts/deploy.ts --network localhost
 *
 * DEPLOYMENTS_FILE overrides the output path (default .data/deployments.json).
 */
import fs from "node:fs";
import path from "node:path";
import hre from "hardhat";
import { parseUnits } from "viem";
import type { Deployments } from "../domain/deployments";

const DEMO_USDT_PER_ACCOUNT = parseUnits("10000", 6);

async function main() {
  const publicClient = await hre.viem.getPublicClient();
  const [deployer, ...demo] = await hre.viem.getWalletClients();
  if (!deployer) throw new Error("no deployer account configured for this network");
  const chainId = await publicClient.getChainId();
  const genesis = await publicClient.getBlock({ blockNumber: 0n });
  const startBlock = Number(await publicClient.getBlockNumber()) + 1;

  const usdt = await hre.viem.deployContract("TestUSDT", [parseUnits("1000000000", 6)]);
  const game = await hre.viem.deployContract("Game", [deployer.account.address]);
  await publicClient.waitForTransactionReceipt({ hash: await game.write.setAllowedToken!([usdt.address, true]) });

  // Demo wallets (Hardhat accounts #1..#3) get test USDT so a recharge works out of the box.
  for (const wallet of demo.slice(0, 3)) {
    await publicClient.waitForTransactionReceipt({ hash: await usdt.write.transfer!([wallet.account.address, DEMO_USDT_PER_ACCOUNT]) });
  }

  const deployments: Deployments = {
    chainId,
    genesisHash: genesis.hash,
    startBlock,
    deployedAt: new Date().toISOString(),
    contracts: { usdt: usdt.address, game: game.address },
  };
  const out = process.env.DEPLOYMENTS_FILE ?? path.join(process.env.DATA_DIR ?? ".data", "deployments.json");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(deployments, null, 2) + "\n");
  console.log(`Deployed to chain ${chainId}: ${Object.entries(deployments.contracts).map(([k, v]) => `${k}=${v}`).join(" ")}`);
  console.log(`Addresses written to ${out}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
