import { UNISWAP_V2_FEE_BPS } from "@domain/swap-math";
import deployments from "virtual:deployments";

/**
 * The swap fee of the deployment's DEX in basis points, as the deploy checked it against the
 * router (30 for Uniswap V2 locally, 25 for PancakeSwap V2 on BSC); Uniswap's before a
 * deployments file recorded it.
 */
export const dexFeeBps: number = deployments?.dex?.feeBps ?? UNISWAP_V2_FEE_BPS;
