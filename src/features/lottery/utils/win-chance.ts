/**
 * A player's chance to win a round from entries, without floats: "1 in N" (N with one decimal,
 * rounded to nearest) and the percentage with two decimals. Null when the player holds no entry.
 */
export function winChance(mine: bigint, total: bigint): { oneIn: string; percent: string } | null {
  if (mine <= 0n || total <= 0n || mine > total) return null;
  const tenths = (total * 10n * 2n + mine) / (mine * 2n); // round half up of total*10/mine
  const oneIn = tenths % 10n === 0n ? (tenths / 10n).toString() : `${tenths / 10n}.${tenths % 10n}`;
  const hundredths = (mine * 10_000n * 2n + total) / (total * 2n);
  const percent = `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}%`;
  return { oneIn, percent };
}

/** Whole positive entries typed by the user (at most 1,000,000), else null. */
export function parseEntries(text: string): bigint | null {
  if (!/^[1-9][0-9]{0,6}$/.test(text.trim())) return null;
  const n = BigInt(text.trim());
  return n <= 1_000_000n ? n : null;
}
