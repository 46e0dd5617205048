import { z } from "zod";
import { nativeCurrencyOf } from "../domain/native-currency";

/** The chain and its facts, which are configuration, not code (ADR-0206), parsed with the rest. */
export const chainFactsEnv = {
  CHAIN_ID: z.coerce.number().int().positive().default(31337),
  CHAIN_RPC_URL: z.string().url().default("http://127.0.0.1:8545"),
  /** The chain's native coin; unset parts default per chain (ETH on 31337, BNB on 56 and 97). */
  NATIVE_CURRENCY_NAME: z.string().optional(),
  NATIVE_CURRENCY_SYMBOL: z.string().optional(),
  NATIVE_CURRENCY_DECIMALS: z.coerce.number().int().optional(),
};

type ChainFactsEnv = z.infer<ReturnType<typeof z.object<typeof chainFactsEnv>>>;

export function chainFactsConfigOf(e: ChainFactsEnv) {
  try {
    const nativeCurrency = nativeCurrencyOf(e.CHAIN_ID, {
      name: e.NATIVE_CURRENCY_NAME,
      symbol: e.NATIVE_CURRENCY_SYMBOL,
      decimals: e.NATIVE_CURRENCY_DECIMALS,
    });
    return { chainId: e.CHAIN_ID, rpcUrl: e.CHAIN_RPC_URL, nativeCurrency };
  } catch (err) {
    throw new Error(`Invalid configuration: NATIVE_CURRENCY_*: ${(err as Error).message}`, { cause: err });
  }
}
