import { zeroAddress, type PublicClient } from "viem";
import type { ChainMembership } from "../../../domain/invite-binding";
import { daoAbi } from "../../../src/generated/abis";

/** `account`'s place in the DAO's invitation tree at the newest block. */
export async function readMembership(client: PublicClient, dao: `0x${string}`, account: `0x${string}`): Promise<ChainMembership> {
  const [registered, inviter] = await Promise.all([
    client.readContract({ address: dao, abi: daoAbi, functionName: "isRegistered", args: [account] }),
    client.readContract({ address: dao, abi: daoAbi, functionName: "inviterOf", args: [account] }),
  ]);
  return { registered, inviter: inviter === zeroAddress ? null : inviter };
}

/**
 * The root users without an inviter are bound under: the DAO's owner, the tree's first root
 * (the constructor makes it one; the demo seed binds Alice under it).
 */
export function readTreeRoot(client: PublicClient, dao: `0x${string}`): Promise<`0x${string}`> {
  return client.readContract({ address: dao, abi: daoAbi, functionName: "owner" });
}
