/**
 * The chain's native coin (what bonds are paid in, what gas costs): a fact of the chain the app
 * is configured for, not of the code. Defaults per chain id, which the web app's and the server's
 * configuration may override; shared by both so they always name the coin alike.
 */
import { BSC_CHAIN_ID, LOCAL_CHAIN_ID } from "./chain-confirmations";

export const BSC_TESTNET_CHAIN_ID = 97;

export interface NativeCurrency {
  name: string;
  symbol: string;
  decimals: number;
}

const ETHER: NativeCurrency = { name: "Ether", symbol: "ETH", decimals: 18 };
const BNB: NativeCurrency = { name: "BNB", symbol: "BNB", decimals: 18 };

/** Chains the app knows by name; any other chain is "PEX chain <id>" paying in ETH unless configured. */
const KNOWN: Record<number, { name: string; currency: NativeCurrency }> = {
  [LOCAL_CHAIN_ID]: { name: "PEX Local (Hardhat)", currency: ETHER },
  [BSC_CHAIN_ID]: { name: "BNB Smart Chain", currency: BNB },
  [BSC_TESTNET_CHAIN_ID]: { name: "BNB Smart Chain Testnet", currency: BNB },
};

export function defaultChainName(chainId: number): string {
  return KNOWN[chainId]?.name ?? `PEX chain ${chainId}`;
}

/**
 * The native coin of `chainId` with the configured parts in place of the defaults. The checks are
 * what wallets require of `wallet_addEthereumChain` (EIP-3085: a symbol of 2 to 6 characters), so
 * a value the wallet would refuse fails at start instead.
 */
export function nativeCurrencyOf(
  chainId: number,
  configured: { name?: string | undefined; symbol?: string | undefined; decimals?: number | undefined } = {},
): NativeCurrency {
  const base = KNOWN[chainId]?.currency ?? ETHER;
  const currency = {
    name: configured.name ?? base.name,
    symbol: configured.symbol ?? base.symbol,
    decimals: configured.decimals ?? base.decimals,
  };
  if (!/^[\x21-\x7e]{2,6}$/.test(currency.symbol))
    throw new RangeError(`the native currency symbol must be 2 to 6 printable characters: "${currency.symbol}"`);
  if (currency.name.trim() === "" || currency.name.length > 64)
    throw new RangeError(`the native currency name must be 1 to 64 characters: "${currency.name}"`);
  if (!Number.isInteger(currency.decimals) || currency.decimals < 0 || currency.decimals > 36)
    throw new RangeError(`the native currency decimals must be a whole number from 0 to 36: ${currency.decimals}`);
  return currency;
}
