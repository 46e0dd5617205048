/** The five alloy materials an order can grant pieces of (DESIGN.md §2). */
export const ALLOY_MATERIALS = [1, 2, 3, 4, 5] as const;
export type AlloyMaterial = (typeof ALLOY_MATERIALS)[number];

export function isAlloyMaterial(value: number): value is AlloyMaterial {
  return Number.isInteger(value) && value >= 1 && value <= 5;
}

/** 合金原料1号 … 合金原料5号 */
export function alloyMaterialName(material: AlloyMaterial): string {
  return `合金原料${material}号`;
}

/** What a grant can give when the shared pool holds `remaining`: all it asks, or what is left. */
export function alloyGrant(requested: bigint, remaining: bigint): bigint {
  if (requested <= 0n || remaining <= 0n) return 0n;
  return requested < remaining ? requested : remaining;
}
