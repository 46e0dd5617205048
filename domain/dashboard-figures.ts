/*
 * Front.getDashboard()'s struct, field by field, in ABI order: the server's figures (domain/api/protocol-figures.ts)
 * and the dashboard's own chain read decode the same list. Kept apart from the API's schemas so the
 * web app reads it without loading zod.
 */

/** Front.getDashboard()'s struct, field by field. */
export const DASHBOARD_FIGURES = [
  "marketCap",
  "pexPrice",
  "backingPerPex",
  "pexTotalSupply",
  "winPrice",
  "winVault",
  "win1Price",
  "win1Vault",
  "treasury1Value",
  "treasury2Value",
  "riskFreeValue",
  "totalDepositedPex",
  "spexSupply",
  "polLiquidity",
  "polShareBps",
  "polValue",
  "ethPrice",
  "nextRebase",
  "rewardRate",
] as const;
export type DashboardFigure = (typeof DASHBOARD_FIGURES)[number];
