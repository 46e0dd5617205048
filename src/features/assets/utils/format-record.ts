import { CNY_DECIMALS, USDT_DECIMALS, formatUnits, thousands } from "@domain/money";

/** A signed record amount with its currency, "+500.00 USDT" / "-20.00 USDT" (2 decimals, truncated). */
export function formatRecordAmount(amount: string, currency: string): string {
  const minor = BigInt(amount);
  const decimals = currency === "CNY" ? CNY_DECIMALS : USDT_DECIMALS;
  const abs = thousands(formatUnits(minor < 0n ? -minor : minor, decimals, 2));
  return `${minor < 0n ? "-" : "+"}${abs} ${currency}`;
}

/** "0x1234…abcd" for a transaction hash. */
export function shortHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash;
}
