import { defaultChainName } from "@domain/native-currency";
import { env } from "./env";

/**
 * The chain the app signs in on and transacts with, as plain data: the login page shows it in
 * its "add network" help without loading viem; the wallet module turns it into a viem chain.
 * Its native coin comes from the build's configuration (ETH locally, BNB on BSC).
 */
export const appChain = {
  id: env.chainId,
  name: defaultChainName(env.chainId),
  rpcUrl: env.rpcUrl,
  currency: env.nativeCurrency,
  explorerUrl: env.explorerUrl,
} as const;

/** The native coin's symbol, for texts ("{{symbol}} bond") and amounts ("1.5 BNB"). */
export const nativeSymbol = env.nativeCurrency.symbol;
