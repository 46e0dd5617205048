import { zeroAddress, type PublicClient } from "viem";
import type { Deployments } from "../../../domain/deployments";
import type { ChainMembership } from "../../../domain/invite-binding";
import { daoAbi } from "../../../generated/abis";

/** `account`'s place in the DAO's invitation tree at the newest block. */
export async function readMembership(client: PublicClient, dao: `0x${string}`, account: `0x${string}`): Promise<ChainMembership> {
  const [registered, inviter] = await Promise.all([
    client.readContract({ address: dao, abi: daoAbi, functionName: "isRegistered", args: [account] }),
    client.readContract({ address: dao, abi: daoAbi, functionName: "inviterOf", args: [account] }),
  ]);
  return { registered, inviter: inviter === zeroAddress ? null : inviter };
}

/**
 * The root users without an inviter are bound under: the tree's first root, the deployer (the
 * DAO's constructor makes it one; the demo seed binds Alice under it). The DAO keeps roots in
 * a map it cannot list, so the deploy names it in the deployments file.
 */
export function treeRootOf(deployments: Deployments): `0x${string}` {
  if (!deployments.daoRoot) throw new Error("the deployments file names no DAO root (daoRoot): deploy again");
  return deployments.daoRoot;
}
