import { type Address, erc20Abi } from "viem";
import { useReadContract, useReadContracts } from "wagmi";
import { gameAbi } from "@/generated/abis";
import { gameAddress, ZERO_ADDRESS } from "../utils/game";

const REFRESH_MS = 10_000;

/**
 * Everything the round card reads, in two multicalls: the current round, the lottery token and
 * the fee, the player's profile (game balance, Auto Join, entries, chance) and wallet balance.
 */
export function useLottery(account: Address | undefined) {
  const game = gameAddress;
  const head = useReadContracts({
    allowFailure: false,
    contracts: [
      { address: game, abi: gameAbi, functionName: "currentRoundId" },
      { address: game, abi: gameAbi, functionName: "lotteryTerms" },
      { address: game, abi: gameAbi, functionName: "getPlayerInfo", args: [account ?? ZERO_ADDRESS] },
    ],
    query: { enabled: Boolean(game), refetchInterval: REFRESH_MS },
  });
  const roundId = head.data?.[0];
  const token = head.data?.[1][0];
  const round = useReadContract({
    address: game,
    abi: gameAbi,
    functionName: "getRound",
    args: roundId ? [roundId] : undefined,
    query: { enabled: Boolean(game && roundId), refetchInterval: REFRESH_MS },
  });
  const tokenInfo = useReadContracts({
    allowFailure: false,
    contracts: [
      { address: token, abi: erc20Abi, functionName: "symbol" },
      { address: token, abi: erc20Abi, functionName: "decimals" },
      { address: token, abi: erc20Abi, functionName: "balanceOf", args: [account ?? ZERO_ADDRESS] },
    ],
    query: { enabled: Boolean(token && token !== ZERO_ADDRESS), refetchInterval: REFRESH_MS },
  });
  const isError = head.isError || round.isError || tokenInfo.isError;
  const refetch = () => {
    void head.refetch();
    void round.refetch();
    void tokenInfo.refetch();
  };
  const ready = head.data && tokenInfo.data && (roundId === 0n || round.data);
  return {
    isError,
    refetch,
    isFetching: head.isFetching || round.isFetching || tokenInfo.isFetching,
    lottery: ready
      ? {
          roundId: roundId!,
          round: roundId === 0n ? undefined : round.data,
          token: token!,
          feeBps: head.data![1][1],
          player: account ? head.data![2] : undefined,
          symbol: tokenInfo.data![0],
          decimals: tokenInfo.data![1],
          walletBalance: account ? tokenInfo.data![2] : undefined,
        }
      : undefined,
  };
}

export type LotteryData = NonNullable<ReturnType<typeof useLottery>["lottery"]>;
export type RoundInfo = NonNullable<LotteryData["round"]>;
