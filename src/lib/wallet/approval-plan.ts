/**
 * How an action that spends a token (staking PEX, a USDB fee, a USDT deposit, a swap through
 * the DEX router) reaches the chain, with the fewest prompts the wallet allows and never a wait
 * for an approval where that can be avoided (ADR-0199):
 *
 * - `plain`: the allowance already covers the amount; the action alone, and no approval step on
 *   screen (only the one this page has just confirmed stays there, ticked);
 * - `batch`: the wallet takes EIP-5792 calls; the exact approval and the action in one prompt;
 * - `permit`: the token and the action take an ERC-2612 permit and the account can sign one; a
 *   signature, then one transaction;
 * - `approve-first`: anything else (USDT, the router, a contract wallet without EIP-5792, a wallet
 *   that cannot sign typed data): the approval as a step of its own, then the action.
 */
export type ApprovalPath = "plain" | "batch" | "permit" | "approve-first";

export interface ApprovalFacts {
  /** The spender's allowance; undefined while it loads. */
  allowance: bigint | undefined;
  /** What the action spends (an acceleration: the fee's ceiling); null while the input is invalid. */
  amount: bigint | null;
  /** The wallet takes EIP-5792 calls (`wallet_getCapabilities`). */
  batch: boolean;
  /**
   * The action has a `…WithPermit` entry and the account can sign the permit: false for USDT and
   * the router, and for a contract wallet or a wallet that failed to sign one; undefined while
   * the account's kind is being read.
   */
  permit: boolean | undefined;
  /** This page's own approval has just confirmed (the runner's last transaction was it). */
  justApproved: boolean;
}

export interface ApprovalPlan {
  /** How the action is sent; null while the facts are not known yet (the action waits). */
  path: ApprovalPath | null;
  /** The approval step on screen: none, to do, or done (approved here a moment ago). */
  step: "none" | "todo" | "done";
}

export function planApproval(f: ApprovalFacts): ApprovalPlan {
  if (f.amount === null || f.allowance === undefined) return { path: null, step: "none" };
  if (f.allowance >= f.amount) return { path: "plain", step: f.justApproved ? "done" : "none" };
  if (f.batch) return { path: "batch", step: "none" };
  if (f.permit === undefined) return { path: null, step: "none" };
  if (f.permit) return { path: "permit", step: "none" };
  return { path: "approve-first", step: "todo" };
}
