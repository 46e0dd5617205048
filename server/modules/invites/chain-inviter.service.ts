import type { Kysely } from "kysely";
import { getAddress } from "viem";
import { chainInviterForDatabase } from "../../../domain/invite-binding";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/schema";
import { chainContractsReader, createChainClient } from "../../lib/chain";
import { refuse } from "../../lib/errors";
import { findOrCreateUser } from "../user/user.service";
import { readMembership, treeRootOf } from "./chain-membership";

/** An address's binding in the DAO's tree, as the database must take it. */
export type ChainInviter =
  | { bound: false }
  /**
   * `inviter` null: in the tree without an inviter of ours (a root, or `underRoot`: directly
   * under `root`, the tree's root users without an inviter are bound under).
   */
  | { bound: true; inviter: `0x${string}` | null; underRoot: boolean; root: `0x${string}` };

/** Null when no chain is configured (no deployments file, or no DAO in it): the database alone decides. */
export type ChainInviterLookup = (address: string) => Promise<ChainInviter | null>;

export const chainUnreadable = () => refuse(503, "chain.unreadable");

/**
 * Reads where an address stands in the DAO's invitation tree. A configured chain that cannot be
 * read is a 503, never "not bound": registering past an unknown on-chain binding could make the
 * database and the chain disagree for good (a binding on chain is permanent).
 */
export function chainInviterLookup(config: Pick<AppConfig, "deploymentsFile" | "chainId" | "rpcUrl">): ChainInviterLookup {
  const contracts = chainContractsReader(config.deploymentsFile, config.chainId);
  const client = createChainClient(config);
  return async (address) => {
    const deployments = contracts()?.deployments;
    const dao = deployments?.contracts.dao;
    if (!deployments || !dao) return null;
    try {
      const root = treeRootOf(deployments);
      const membership = await readMembership(client, dao, getAddress(address));
      const inviter = chainInviterForDatabase(membership, root);
      if (inviter === undefined) return { bound: false };
      const underRoot = membership.inviter !== null && membership.inviter.toLowerCase() === root.toLowerCase();
      return { bound: true, inviter, underRoot, root };
    } catch {
      throw chainUnreadable();
    }
  };
}

/**
 * The database's inviter for an inviter on chain: none for null, else the user of that address,
 * created as a first sign-in would create it when it never signed in (it is in the tree on chain,
 * so it is someone's inviter here too).
 */
export async function databaseInviterId(
  db: Kysely<Database>,
  inviter: `0x${string}` | null,
  now: number,
): Promise<bigint | null> {
  if (inviter === null) return null;
  return BigInt((await findOrCreateUser(db, inviter, now)).id);
}
