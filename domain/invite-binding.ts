/**
 * Mirroring the invitation tree on chain (ADR-0149, "Invitation tree on chain"): the
 * server's binder account on the local chain and when a binding that could not be made is tried
 * again. Shared by the deploy (which grants the account the DAO's BINDER_ROLE) and the server's job.
 */

/**
 * Hardhat account #4 (a public development key, worthless on any real network): the one account
 * no browser test signs with. The binder signs with its own account so its transactions never
 * race the payout wallet's (#0), the lottery keeper's (#9) or the price keeper's (#19) nonces.
 * The demo seed also uses it once, during the deploy, as a member of Alice's team.
 */
export const DEV_INVITE_BINDER = {
  index: 4,
  address: "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
  privateKey: "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
} as const;

/** First wait after a failed attempt; each further failure doubles it. */
export const BIND_RETRY_BASE_MS = 5_000;
/** The longest wait between two attempts of one binding. */
export const BIND_RETRY_MAX_MS = 10 * 60_000;
/**
 * How long an invitee whose inviter is not on chain yet waits before it looks again. Binding
 * the inviter wakes its invitees at once, so this only matters for an inviter that is not
 * registered at all (its code was used before it registered).
 */
export const BIND_WAIT_FOR_INVITER_MS = 60_000;

/** Milliseconds before attempt `failures + 1`, after `failures` failed ones (at least 1). */
export function bindRetryDelayMs(failures: number): number {
  const n = Math.max(1, Math.floor(failures));
  // 2^7 × 5 s already passes the cap: no need to let the exponent grow further.
  return Math.min(BIND_RETRY_MAX_MS, BIND_RETRY_BASE_MS * 2 ** Math.min(n - 1, 7));
}

/** An account's place in the DAO's invitation tree, as `isRegistered` and `inviterOf` tell it. */
export interface ChainMembership {
  /** In the tree: bound under an inviter, or a root. */
  registered: boolean;
  /** The inviter it is bound under; null when it is not bound or is a root. */
  inviter: `0x${string}` | null;
}

/**
 * What the chain says the database's inviter must be: `undefined` while the account is not in
 * the tree (the database decides), null for "no inviter" (a root itself, or bound directly under
 * `treeRoot`, the root the binder puts users without an inviter under), else the inviter's address.
 */
export function chainInviterForDatabase(m: ChainMembership, treeRoot: `0x${string}`): `0x${string}` | null | undefined {
  if (!m.registered) return undefined;
  if (m.inviter === null || m.inviter.toLowerCase() === treeRoot.toLowerCase()) return null;
  return m.inviter;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Whether an account's binding on chain agrees with the database's inviter (`dbInviter`, null for
 * none). "No inviter" agrees with being a root or sitting directly under `treeRoot`; the root's
 * own account as the database's inviter agrees with sitting under it too (the binder puts both
 * there). Only for an account in the tree.
 */
export function agreesWithChain(m: ChainMembership, treeRoot: `0x${string}`, dbInviter: string | null): boolean {
  if (m.inviter === null) return dbInviter === null;
  if (same(m.inviter, treeRoot)) return dbInviter === null || same(dbInviter, treeRoot);
  return dbInviter !== null && same(dbInviter, m.inviter);
}
