/* What the gas scenario records and the budgets it is held to (docs/gas.md, test/contracts/gas.test.ts). */
export type Caller = "user" | "anyone" | "operator";

export interface GasMeasurement {
  contract: string;
  fn: string;
  /** The case measured. */
  note: string;
  caller: Caller;
  gas: bigint;
}

/** Budgets the project holds itself to (docs/gas.md). */
export const GAS_BUDGET = {
  userAction: 300_000n,
  /** stake, unStake and claimProfit, in their worst case. */
  staking: 220_000n,
  /** stakeWithPermit in its worst case: `stake`'s plus the permit (signature check, nonce write). */
  stakeWithPermit: 240_000n,
} as const;

export const STAKING_FUNCTIONS = ["stake", "unStake", "claimProfit"];

/** The budget a user action's measurement is held to. */
export function budgetOf(fn: string): bigint {
  if (STAKING_FUNCTIONS.includes(fn)) return GAS_BUDGET.staking;
  if (fn === "stakeWithPermit") return GAS_BUDGET.stakeWithPermit;
  return GAS_BUDGET.userAction;
}
