import { env } from "./env";

/**
 * The chain the app signs in on and transacts with, as plain data: the login page shows it in
 * its "add network" help without loading viem; the wallet module turns it into a viem chain.
 */
export const appChain = {
  id: env.chainId,
  name: env.chainId === 31337 ? "PEX Local (Hardhat)" : `PEX chain ${env.chainId}`,
  rpcUrl: env.rpcUrl,
  currency: { name: "Ether", symbol: "ETH", decimals: 18 },
  explorerUrl: env.explorerUrl,
} as const;
