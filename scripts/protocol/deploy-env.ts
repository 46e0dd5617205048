/**
 * The chain facts a deployment takes from the environment (ADR-0206): the
 * contracts that already exist there (USDT, the native coin's USD feed, the DEX's router), the
 * DEX's swap fee and the test USDT's decimals. A bad value stops the deploy before its first
 * transaction.
 */
import { parseUnits, type Address } from "viem";
import { BSC_CHAIN_ID } from "../../domain/chain-confirmations";
import { BSC_TESTNET_CHAIN_ID } from "../../domain/native-currency";
import { checkFeeBps, PANCAKESWAP_V2_FEE_BPS, UNISWAP_V2_FEE_BPS } from "../../domain/swap-math";
import { defaultConfig, type ProtocolConfig } from "./protocol-config";

/** What `scripts/deploy.ts` deploys: the protocol's configuration and whether to seed demo data. */
export interface DeployPlan {
  config: ProtocolConfig;
  demo: boolean;
}

/** The DEX's fee unless DEX_FEE_BPS says otherwise: PancakeSwap V2's on BSC, Uniswap V2's elsewhere. */
export function defaultDexFeeBps(chainId: number): number {
  return chainId === BSC_CHAIN_ID || chainId === BSC_TESTNET_CHAIN_ID ? PANCAKESWAP_V2_FEE_BPS : UNISWAP_V2_FEE_BPS;
}

/** An address variable, or undefined when unset. */
export function envAddress(env: NodeJS.ProcessEnv, name: string): Address | undefined {
  const value = env[name];
  if (value && !/^0x[0-9a-fA-F]{40}$/.test(value)) throw new Error(`${name} is not an address: ${value}`);
  return (value || undefined) as Address | undefined;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name] ? Number(env[name]) : fallback;
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
}

/**
 * The bond pricing feed: `NATIVE_USD_FEED` (the chain's native coin in USD: BNB/USD on BSC), or
 * its earlier name `ETH_USD_FEED`; both set, they must agree.
 */
function nativeUsdFeed(env: NodeJS.ProcessEnv): Address | undefined {
  const feed = envAddress(env, "NATIVE_USD_FEED");
  const alias = envAddress(env, "ETH_USD_FEED");
  if (feed && alias && feed.toLowerCase() !== alias.toLowerCase())
    throw new Error("NATIVE_USD_FEED and ETH_USD_FEED name different feeds: set one");
  return feed ?? alias;
}

export function chainFactsFromEnv(
  env: NodeJS.ProcessEnv,
  chainId: number,
): Pick<ProtocolConfig, "existing" | "usdtDecimals" | "usdtSupply" | "dexFeeBps"> {
  const existing = {
    usdt: envAddress(env, "USDT_ADDRESS"),
    nativeUsdFeed: nativeUsdFeed(env),
    uniswapRouter: envAddress(env, "UNISWAP_V2_ROUTER"),
  };
  // On BSC itself no stand-in may be deployed: a test USDT, a feed the operator pushes, a DEX of our own.
  if (chainId === BSC_CHAIN_ID)
    for (const [name, value] of [
      ["USDT_ADDRESS", existing.usdt],
      ["NATIVE_USD_FEED", existing.nativeUsdFeed],
      ["UNISWAP_V2_ROUTER", existing.uniswapRouter],
    ] as const)
      if (!value) throw new Error(`${name} is required on BSC (chain 56)`);
  if (env.TEST_USDT_DECIMALS && existing.usdt)
    throw new Error("TEST_USDT_DECIMALS is for a test USDT; USDT_ADDRESS names the chain's own");
  const usdtDecimals = wholeNumber(env, "TEST_USDT_DECIMALS", defaultConfig.usdtDecimals);
  if (usdtDecimals > 36) throw new Error("TEST_USDT_DECIMALS must be at most 36");
  return {
    existing,
    usdtDecimals,
    usdtSupply: parseUnits("1000000000", usdtDecimals),
    dexFeeBps: checkFeeBps(wholeNumber(env, "DEX_FEE_BPS", defaultDexFeeBps(chainId))),
  };
}
