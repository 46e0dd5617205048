/**
 * Query keys shared across features, so that a mutation in one feature can invalidate a query of
 * another without importing it (features do not import each other).
 */
export const queryKeys = {
  user: ["user"] as const,
  userInfo: ["user", "info"] as const,
  nonce: ["auth", "nonce"] as const,
  // Assets and account (issue 6): below "user", so a sign-in or sign-out refreshes them all.
  assetRecords: ["user", "records"] as const,
  identity: ["user", "identity"] as const,
  bank: ["user", "bank"] as const,
  addresses: ["user", "addresses"] as const,
  team: ["user", "team"] as const,
  cities: ["cities"] as const,
  // Shop (issue 5): a purchase changes the product's stock, the alloy pool and the earnings.
  products: ["products"] as const,
  alloy: ["alloy"] as const,
  earnings: ["earnings"] as const,
  notices: ["notices"] as const,
  // Protocol pages II (issue 8): nicknames shown in the lottery history; a nickname edit refreshes them.
  lotteryNicknames: ["lottery", "nicknames"] as const,
};
