/**
 * Calls every signature of the existing client's ABI on the deployed contracts, with the demo
 * data, and fails if any call fails. Run after `scripts/deploy.ts`:
 *
 *   hardhat run scripts/call-compat.ts --network localhost
 *
 * Reads the addresses from DEPLOYMENTS_FILE (default generated/deployments.json).
 */
import fs from "node:fs";
import path from "node:path";
import hre from "hardhat";
import { attachProtocol, missingSignatures, runCompat } from "./protocol/compat";

async function main() {
  const file = process.env.DEPLOYMENTS_FILE ?? path.join("generated", "deployments.json");
  const deployments = JSON.parse(fs.readFileSync(file, "utf8")) as { contracts: Record<string, `0x${string}`> };
  const contracts = await attachProtocol(hre, deployments.contracts);
  const results = await runCompat(contracts, await hre.viem.getWalletClients());
  for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"} ${r.contract.padEnd(6)} ${r.signature.padEnd(38)} ${r.detail}`);
  const failed = results.filter((r) => !r.ok);
  const missing = missingSignatures(results);
  console.log(
    `${results.length - failed.length}/${results.length} calls succeeded; ${missing.length} signatures of the list not covered`,
  );
  if (failed.length > 0 || missing.length > 0) {
    if (missing.length > 0) console.log(`missing: ${missing.join(", ")}`);
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
