import { useQuery } from "@tanstack/react-query";
import { getContractEvents } from "viem/actions";
import { useClient, useReadContract } from "wagmi";
import { gameAbi } from "@generated/abi/game";
import { gameAddress, gameStartBlock } from "../utils/game";

export const HISTORY_PAGE_SIZE = 10;

/** One page of rounds, newest first (Game.getRounds), the current one included. */
export function useRounds(page: number) {
  return useReadContract({
    address: gameAddress,
    abi: gameAbi,
    functionName: "getRounds",
    args: [BigInt((page - 1) * HISTORY_PAGE_SIZE), BigInt(HISTORY_PAGE_SIZE)],
    query: { enabled: Boolean(gameAddress), refetchInterval: 10_000 },
  });
}

/** The draw transaction of each drawn round among `rounds` (its WinnerDrawn event), by round id. */
export function useDrawTransactions(rounds: readonly bigint[]) {
  const client = useClient();
  return useQuery({
    queryKey: ["lottery", "draws", rounds.map(String)],
    enabled: Boolean(client && gameAddress && rounds.length > 0),
    queryFn: async () => {
      const logs = await getContractEvents(client!, {
        address: gameAddress!,
        abi: gameAbi,
        eventName: "WinnerDrawn",
        args: { round: [...rounds] },
        fromBlock: gameStartBlock,
      });
      return new Map(logs.map((log) => [log.args.round!.toString(), log.transactionHash]));
    },
  });
}
