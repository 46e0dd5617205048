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

export type JoinBlock = "director" | "notSenior" | "belowThreshold" | null;

/** Why `joinDirector` would refuse this account, in the contract's order of checks; null when it may join. */
export function joinBlock(info: { director: boolean; nodeType: number; networkPrincipal: bigint }, threshold: bigint): JoinBlock {
  if (info.director) return "director";
  if (info.nodeType !== SENIOR_NODE) return "notSenior";
  if (info.networkPrincipal <= threshold) return "belowThreshold";
  return null;
}

export type SignBlock = "executed" | "expired" | "signed" | "notDirector" | null;

/** Why `passProposal` would refuse this director's signature, in the contract's order; null when it may sign. */
export function signBlock(p: { status: number; endTime: bigint }, now: number, signed: boolean, director: boolean): SignBlock {
  if (!director) return "notDirector";
  if (p.status === 2) return "executed";
  if (p.status === 3 || now > Number(p.endTime)) return "expired";
  if (signed) return "signed";
  return null;
}
