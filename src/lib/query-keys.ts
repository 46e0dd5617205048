/**
 * Query keys shared across features, so that a mutation in one feature can invalidate a query of
 * another without importing it (features do not import each other).
 */
export const queryKeys = {
  user: ["user"] as const,
  userInfo: ["user", "info"] as const,
  nonce: ["auth", "nonce"] as const,
};
