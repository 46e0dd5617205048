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
} as const;

export const STAKING_FUNCTIONS = ["stake", "unStake", "claimProfit"];
