/** DAO.NodeType, in order (specification §3 node types). */
export const NODE_TYPES = ["ordinaryUser", "valueUser", "primaryNode", "intermediateNode", "seniorNode"] as const;
export const SENIOR_NODE = 4;

/** DAO.ProposalStatus. */
export const PROPOSAL_STATUS = ["none", "active", "executed", "expired"] as const;
export type ProposalStatusName = (typeof PROPOSAL_STATUS)[number];

/** Signatures a proposal needs among `directors`: strictly more than two thirds (DAO.requiredSignatures). */
export function requiredSignatures(directors: number): number {
  return Math.floor((directors * 2) / 3) + 1;
}

export type JoinBlock = "director" | "notSenior" | "belowThreshold" | "seniority" | "full" | null;

/**
 * Why `joinDirector` would refuse this account, in the contract's order of checks (level by the
 * team's stake, own staked principal at the threshold, seniority period, a free seat); null when
 * it may join.
 */
export function joinBlock(
  info: { director: boolean; nodeType: number; ownPrincipal: bigint },
  threshold: bigint,
  seniority: { senior: boolean },
  seatsFree: boolean,
): JoinBlock {
  if (info.director) return "director";
  if (info.nodeType !== SENIOR_NODE) return "notSenior";
  if (info.ownPrincipal < threshold) return "belowThreshold";
  if (!seniority.senior) return "seniority";
  if (!seatsFree) return "full";
  return null;
}

export type SeniorityStatus =
  { kind: "none" } | { kind: "waiting"; since: bigint; left: number } | { kind: "senior"; since: bigint };

/**
 * The account's standing as the page shows it (DAO.seniorityOf): not eligible, eligible and
 * waiting out the period (seconds left by the chain's clock `now`), or senior.
 */
export function seniorityStatus(
  s: { eligible: boolean; eligibleSince: bigint; seniorAt: bigint; senior: boolean },
  now: number,
): SeniorityStatus {
  if (!s.eligible) return { kind: "none" };
  const left = Number(s.seniorAt) - now;
  if (s.senior || left <= 0) return { kind: "senior", since: s.eligibleSince };
  return { kind: "waiting", since: s.eligibleSince, left };
}

export type SignBlock = "executed" | "expired" | "signed" | "notDirector" | "notSenior" | null;

/**
 * Why `passProposal` would refuse this director's signature, in the contract's order (a director
 * senior now, then the proposal's state); null when it may sign.
 */
export function signBlock(
  p: { status: number; endTime: bigint },
  now: number,
  signed: boolean,
  director: boolean,
  senior = true,
): SignBlock {
  if (!director) return "notDirector";
  if (!senior) return "notSenior";
  if (p.status === 2) return "executed";
  if (p.status === 3 || now > Number(p.endTime)) return "expired";
  if (signed) return "signed";
  return null;
}
