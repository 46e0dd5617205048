import * as z from "zod/mini";
// Relative, not "@domain": vite.config.mts loads this file before any alias exists.
import { nativeCurrencyOf, type NativeCurrency } from "../../domain/native-currency";

/** An empty variable (`VITE_X=` in a .env file) means "not set", so its default applies. */
function blankToUndefined(raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, value === "" ? undefined : value]));
}

const positiveInteger = z.refine<number>((n) => Number.isSafeInteger(n) && n > 0, "must be a positive integer");

const EnvSchema = z.object({
  /** API origin; "" = the app's own origin (the dev and preview servers proxy /base/api). */
  VITE_API_BASE: z._default(z.string().check(z.regex(/^https?:\/\/\S+$/, "must be an http(s) URL")), ""),
  VITE_RPC_URL: z._default(z.url(), "http://127.0.0.1:8545"),
  VITE_CHAIN_ID: z._default(z.coerce.number().check(positiveInteger), 31337),
  VITE_WALLETCONNECT_PROJECT_ID: z.optional(z.string()),
  VITE_EXPLORER_URL: z.optional(z.url()),
  /** The chain's native coin; unset parts default per chain (ETH on 31337, BNB on 56 and 97). */
  VITE_NATIVE_CURRENCY_NAME: z.optional(z.string()),
  VITE_NATIVE_CURRENCY_SYMBOL: z.optional(z.string()),
  VITE_NATIVE_CURRENCY_DECIMALS: z.optional(z.coerce.number()),
});

export type Env = {
  apiBase: string;
  rpcUrl: string;
  chainId: number;
  walletConnectProjectId: string | undefined;
  explorerUrl: string | undefined;
  nativeCurrency: NativeCurrency;
};

/**
 * Parses the build-time environment; a bad value stops the build (and the dev server) with a
 * message naming it. vite.config.mts runs it and hands the result to the app as `virtual:env`,
 * so the schema library never reaches the browser (config/env.ts).
 */
export function parseEnv(raw: Record<string, unknown>): Env {
  const result = EnvSchema.safeParse(blankToUndefined(raw));
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid web app configuration: ${problems}`);
  }
  const e = result.data;
  let nativeCurrency: NativeCurrency;
  try {
    nativeCurrency = nativeCurrencyOf(e.VITE_CHAIN_ID, {
      name: e.VITE_NATIVE_CURRENCY_NAME,
      symbol: e.VITE_NATIVE_CURRENCY_SYMBOL,
      decimals: e.VITE_NATIVE_CURRENCY_DECIMALS,
    });
  } catch (err) {
    throw new Error(`Invalid web app configuration: VITE_NATIVE_CURRENCY_*: ${(err as Error).message}`, { cause: err });
  }
  return {
    apiBase: e.VITE_API_BASE.replace(/\/+$/, ""),
    rpcUrl: e.VITE_RPC_URL,
    chainId: e.VITE_CHAIN_ID,
    walletConnectProjectId: e.VITE_WALLETCONNECT_PROJECT_ID,
    explorerUrl: e.VITE_EXPLORER_URL?.replace(/\/+$/, ""),
    nativeCurrency,
  };
}
