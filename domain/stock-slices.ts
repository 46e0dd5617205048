/**
 * A product's stock and each alloy material's pool are kept in several rows ("slices") rather
 * than one (issue 15): an order locks the row it takes from until its commit is on disk, so one
 * row would make every API process's orders of a popular product queue behind each other's
 * commits. With slices, concurrent transactions take from different rows; the total is the sum.
 */
export const STOCK_SLICES = 8;

/** `total` spread over the slices as evenly as whole pieces allow (the first ones get the rest). */
export function spreadOverSlices(total: bigint, slices = STOCK_SLICES): bigint[] {
  if (total < 0n) throw new RangeError("a stock cannot be negative");
  const n = BigInt(slices);
  const each = total / n;
  const rest = total % n;
  return Array.from({ length: slices }, (_, i) => each + (BigInt(i) < rest ? 1n : 0n));
}
