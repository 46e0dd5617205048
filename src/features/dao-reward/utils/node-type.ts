/** DAO.NodeType in order (docs/contracts.md): the i18n key of each level. */
export const NODE_TYPES = ["ordinaryUser", "valueUser", "primaryNode", "intermediateNode", "seniorNode"] as const;
export type NodeTypeKey = (typeof NODE_TYPES)[number];

export function nodeTypeKey(nodeType: number): NodeTypeKey {
  return NODE_TYPES[nodeType] ?? "ordinaryUser";
}

/** The next level and the team sPEX it needs, or null at the top. */
export function nextLevel(nodeType: number, thresholds: readonly bigint[]): { key: NodeTypeKey; needs: bigint } | null {
  const next = nodeType + 1;
  if (next >= NODE_TYPES.length) return null;
  const threshold = thresholds[next - 1];
  return threshold === undefined ? null : { key: NODE_TYPES[next]!, needs: threshold };
}

/** A signed growth rate in basis points as "+12.34%" / "-5.00%". */
export function formatGrowthBps(bps: bigint): string {
  const sign = bps > 0n ? "+" : bps < 0n ? "-" : "";
  const abs = bps < 0n ? -bps : bps;
  const whole = abs / 100n;
  const frac = (abs % 100n).toString().padStart(2, "0");
  return `${sign}${whole}.${frac}%`;
}
