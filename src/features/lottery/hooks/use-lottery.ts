import { keepPreviousData } from "@tanstack/react-query";
import { type Address, erc20Abi, zeroAddress } from "viem";
import { useReadContract } from "wagmi";
import { gameAbi } from "@generated/abi/game";
import { useNamedReads } from "@/lib/protocol/use-named-reads";
import { gameAddress } from "../utils/game";

const REFRESH_MS = 10_000;

/**
 * Everything the round card reads, in two batches of reads: the current round, the lottery token and
 * the fee, the player's profile (game balance, Auto Join, entries, chance) and wallet balance.
 */
export function useLottery(account: Address | undefined) {
  const game = gameAddress;
  const head = useNamedReads(
    {
      roundId: { address: game, abi: gameAbi, functionName: "currentRoundId" },
      terms: { address: game, abi: gameAbi, functionName: "lotteryTerms" },
      player: { address: game, abi: gameAbi, functionName: "getPlayerInfo", args: [account ?? zeroAddress] },
    },
    { query: { refetchInterval: REFRESH_MS } },
  );
  const roundId = head.data?.roundId;
  const token = head.data?.terms[0];
  const round = useReadContract({
    address: game,
    abi: gameAbi,
    functionName: "getRound",
    args: roundId ? [roundId] : undefined,
    // When the keeper starts the next round the key changes: the last round stays on screen until
    // the new one is read, so the page (its open tab, a typed amount) is not torn down in between.
    query: { enabled: Boolean(game && roundId), refetchInterval: REFRESH_MS, placeholderData: keepPreviousData },
  });
  const tokenInfo = useNamedReads(
    {
      symbol: { address: token, abi: erc20Abi, functionName: "symbol" },
      decimals: { address: token, abi: erc20Abi, functionName: "decimals" },
      walletBalance: { address: token, abi: erc20Abi, functionName: "balanceOf", args: [account ?? zeroAddress] },
    },
    { query: { enabled: token !== zeroAddress, refetchInterval: REFRESH_MS } },
  );
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
          feeBps: head.data!.terms[1],
          player: account ? head.data!.player : undefined,
          symbol: tokenInfo.data!.symbol,
          decimals: tokenInfo.data!.decimals,
          walletBalance: account ? tokenInfo.data!.walletBalance : undefined,
        }
      : undefined,
  };
}

export type LotteryData = NonNullable<ReturnType<typeof useLottery>["lottery"]>;
export type RoundInfo = NonNullable<LotteryData["round"]>;
