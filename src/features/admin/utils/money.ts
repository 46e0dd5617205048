import { CNY_DECIMALS, formatUnits, thousands, USDT_DECIMALS } from "@domain/money";

/** The ledgers' currencies: CNY in fen, the three USDT ones in micro-USDT. */
export type LedgerCurrency = "CNY" | "USDT" | "WUSDT" | "DEBT";

const decimalsOf = (currency: LedgerCurrency) => (currency === "CNY" ? CNY_DECIMALS : USDT_DECIMALS);

/** An exact amount for an operator (every decimal the unit holds, never rounded): "1,234.500000". */
export function exactAmount(currency: LedgerCurrency, minor: string | bigint): string {
  const decimals = decimalsOf(currency);
  return thousands(formatUnits(minor, decimals, decimals));
}

/** A signed change with its sign always shown: "+3.000000", "-0.50". */
export function signedAmount(currency: LedgerCurrency, minor: string | bigint): string {
  const text = exactAmount(currency, minor);
  return text.startsWith("-") ? text : `+${text}`;
}

export { decimalsOf };
