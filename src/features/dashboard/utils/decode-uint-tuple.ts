/**
 * Decodes a function result that is one tuple of uint256 fields (Front.getDashboard's struct):
 * word i is field i. Enough for the dashboard's single read, without loading viem's ABI coder
 * (about 90 KB gzip) on a page that only reads. A result of another length is refused, so a
 * changed contract fails loudly rather than being misread.
 */
export function decodeUintTuple<T extends Record<string, bigint>>(fields: readonly string[], data: `0x${string}`): T {
  const hex = data.slice(2);
  if (hex.length !== fields.length * 64) throw new Error(`decodeUintTuple: ${hex.length / 2} bytes for ${fields.length} fields`);
  return Object.fromEntries(fields.map((name, i) => [name, BigInt(`0x${hex.slice(i * 64, (i + 1) * 64)}`)])) as T;
}
