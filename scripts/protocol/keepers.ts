/**
 * Chain time passing on Hardhat's in-process network (tests, the gas scenario) as it passes on a
 * served chain with the server's keepers running: the price keeper pushes the ETH/USD answer and
 * observes the PEX-ETH average at least once a window (server/jobs/price-keeper.ts). A bare
 * jump of chain time leaves both stale; this one leaves the last observation just over a window
 * old, so the first use at the end records the next one.
 */
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { mined } from "./contracts";
import type { Protocol } from "./deploy-protocol";

/** Moves the chain to `timestamp` (the next block has it; a past one is left as is). */
export async function advanceWithKeepers(hre: HardhatRuntimeEnvironment, p: Protocol, timestamp: bigint): Promise<void> {
  const send = (method: string, params: unknown[] = []) => hre.network.provider.send(method, params);
  const latest = async () => (await p.publicClient.getBlock()).timestamp;
  // Only the last of the keeper's observations matters: the one more than a window before the end.
  const observeAt = timestamp - BigInt(p.config.twap.window) - 1n;
  if (observeAt > (await latest())) {
    const [, , , dueAt] = await p.front.read.twapObservation();
    await send("evm_setNextBlockTimestamp", [Number(observeAt)]);
    if (dueAt <= observeAt) await mined(p.publicClient, p.front.write.update());
    else await send("evm_mine");
  }
  if (timestamp > (await latest())) await send("evm_setNextBlockTimestamp", [Number(timestamp)]);
  await mined(p.publicClient, p.priceFeed.write.updateAnswer([p.config.ethUsd]));
}
