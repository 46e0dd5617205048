/**
 * Verifies every contract the deployment created from our sources on the network's explorer
 * (BscScan through Etherscan's V2 API), with the constructor arguments the deployments file
 * recorded:
 *
 *   ETHERSCAN_API_KEY=… hardhat run scripts/verify.ts --network bsc
 *
 * DEPLOYMENTS_FILE names the file (default generated/deployments.json). Published builds the
 * deploy used as they are (Uniswap's WETH9, factory and router locally) are not ours to verify.
 * A contract already verified is reported as such by hardhat-verify and skipped.
 */
import fs from "node:fs";
import path from "node:path";
import hre from "hardhat";
import type { Deployments } from "../domain/deployments";
import { isExplorerLongVersion } from "./lib/solc-version";

async function main() {
  const file = process.env.DEPLOYMENTS_FILE ?? path.join("generated", "deployments.json");
  const deployments = JSON.parse(fs.readFileSync(file, "utf8")) as Deployments;
  const chainId = await (await hre.viem.getPublicClient()).getChainId();
  if (deployments.chainId !== chainId) throw new Error(`${file} is for chain ${deployments.chainId}, the network is ${chainId}`);
  const longVersion = deployments.compiler?.longVersion;
  // The explorer takes the compiler by name: one it does not list fails every submission.
  if (!longVersion || !isExplorerLongVersion(longVersion))
    throw new Error(
      `compiler ${longVersion ?? "(unrecorded)"} is not a name the explorer accepts: compile again (hardhat compile --force)`,
    );
  const ours = Object.entries(deployments.deployed ?? {}).filter(([, d]) => d.contract.includes(".sol:"));
  let failed = 0;
  for (const [key, d] of ours) {
    const address = deployments.contracts[key];
    if (!address) continue;
    console.log(`${key}: ${d.contract} at ${address}`);
    try {
      await hre.run("verify:verify", { address, constructorArguments: d.args, contract: d.contract });
    } catch (err) {
      failed++;
      console.error(`${key}: ${(err as Error).message}`);
    }
  }
  if (failed > 0) throw new Error(`${failed} of ${ours.length} contracts were not verified`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
