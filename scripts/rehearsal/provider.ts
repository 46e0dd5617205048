import path from "node:path";
import { run, startChild, type Child } from "../lib/processes";
import type { RehearsalKey } from "./keys";

/** The provider's commands (scripts/rehearsal/provider/), signed with the provider's keystore. */
function providerArgs(script: string, key: RehearsalKey, rpcUrl: string, outFile: string, more: string[] = []): string[] {
  return [
    "--import",
    "tsx",
    path.join("scripts", "rehearsal", "provider", script),
    "--rpc",
    rpcUrl,
    "--keystore",
    key.keystoreFile,
    "--password-file",
    key.passwordFile,
    "--out",
    outFile,
    ...more,
  ];
}

/** Deploys USDT (18 decimals), PancakeSwap V2, the BNB/USD feed and the VRF coordinator; mints USDT to `holders`. */
export async function provisionChain(o: {
  key: RehearsalKey;
  rpcUrl: string;
  outFile: string;
  bnbUsd: string;
  holders: Record<string, string>;
}): Promise<string> {
  const holders = Object.entries(o.holders).flatMap(([address, usdt]) => ["--holder", `${address}=${usdt}`]);
  return run(process.execPath, providerArgs("deploy.ts", o.key, o.rpcUrl, o.outFile, ["--bnb-usd", o.bnbUsd, ...holders]));
}

export async function addVrfConsumer(o: {
  key: RehearsalKey;
  rpcUrl: string;
  outFile: string;
  consumer: string;
}): Promise<string> {
  return run(process.execPath, providerArgs("add-consumer.ts", o.key, o.rpcUrl, o.outFile, ["--consumer", o.consumer]));
}

/** Chainlink's node for the rehearsal: fulfils every randomness request once, until stopped. */
export function startVrfFulfiller(o: { key: RehearsalKey; rpcUrl: string; outFile: string; logFile: string }): Child {
  return startChild("vrf", process.execPath, providerArgs("fulfil-vrf.ts", o.key, o.rpcUrl, o.outFile), { logFile: o.logFile });
}
