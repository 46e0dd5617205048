/** The console's query keys, all below "admin": a sign-out clears the cache, and a write refreshes its area. */
export const adminKeys = {
  all: ["admin"] as const,
  me: ["admin", "me"] as const,
  roles: ["admin", "roles"] as const,
  identities: ["admin", "identities"] as const,
  banks: ["admin", "banks"] as const,
  withdrawals: ["admin", "withdrawals"] as const,
  approvals: ["admin", "approvals"] as const,
  users: ["admin", "users"] as const,
  products: ["admin", "products"] as const,
  notices: ["admin", "notices"] as const,
  audit: ["admin", "audit"] as const,
};

/** A query string of the set values only (`?a=1&b=x`), for the GET list calls. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== "") search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}
