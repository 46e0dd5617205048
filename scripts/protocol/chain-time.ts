/**
 * Waiting for chain time. Hardhat gives every block a timestamp at least one second after the
 * previous one, so a local chain that mines faster than one block a second runs ahead of the
 * wall clock anyway. To reach a near timestamp we mine empty blocks one second apart
 * (`hardhat_mine`), which keeps that rule; only Hardhat's in-process network (tests) jumps.
 */
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { toHex } from "viem";
import type { PublicClient } from "./contracts";

/** Longest wait a dev node is asked to cover with one-second blocks. */
const MAX_NODE_WAIT = 3_600n;

export async function waitForTimestamp(
  hre: HardhatRuntimeEnvironment,
  publicClient: PublicClient,
  timestamp: bigint,
): Promise<void> {
  const latest = (await publicClient.getBlock()).timestamp;
  if (latest >= timestamp) return;
  if (hre.network.name === "hardhat") {
    await hre.network.provider.send("evm_setNextBlockTimestamp", [toHex(timestamp)]);
    await hre.network.provider.send("evm_mine", []);
    return;
  }
  const blocks = timestamp - latest;
  if (blocks > MAX_NODE_WAIT) throw new Error(`refusing to mine ${blocks} blocks to reach ${timestamp}`);
  await hre.network.provider.send("hardhat_mine", [toHex(blocks), toHex(1)]);
}
