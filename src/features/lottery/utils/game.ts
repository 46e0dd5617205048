import deployments from "virtual:deployments";
import type { Abi } from "viem";
import { gameErrorsAbi } from "@generated/errors/game";
import { testUsdtErrorsAbi } from "@generated/errors/test-usdt";

/** The Game contract (lottery and game balance); undefined when the build has no deployment. */
export const gameAddress = deployments?.contracts.game;
/** Chainlink's VRF coordinator the lottery's draws come from (the local mock on chain 31337). */
export const vrfCoordinatorAddress = deployments?.contracts.vrfCoordinator;
/** Blocks before the deployment hold no game events. */
export const gameStartBlock = BigInt(deployments?.startBlock ?? 0);

/** Errors a lottery write may revert with: the game's and the token's (approve, transfer). */
export const LOTTERY_ERRORS_ABI = [...gameErrorsAbi, ...testUsdtErrorsAbi] as Abi;
