import { useQuery } from "@tanstack/react-query";
import type { Address, Hash } from "viem";
import { usePublicClient, useBlockNumber } from "wagmi";
import { gameAbi } from "@generated/abis";
import { gameAddress, gameStartBlock } from "../utils/game";

export interface GameRecord {
  type: "recharge" | "withdrawal";
  amount: bigint;
  hash: Hash;
  blockNumber: bigint;
  time: bigint;
}

/** Newest first, at most `limit`. */
function newest<T extends { blockNumber: bigint | null; logIndex: number | null }>(logs: T[], limit: number): T[] {
  return [...logs]
    .sort((a, b) =>
      a.blockNumber === b.blockNumber ? (b.logIndex ?? 0) - (a.logIndex ?? 0) : b.blockNumber! > a.blockNumber! ? 1 : -1,
    )
    .slice(0, limit);
}

/** Refetches whenever a new block arrives (a deposit, withdrawal, join or draw may be in it). */
function useBlockKey() {
  const { data } = useBlockNumber({ watch: true });
  return data?.toString() ?? "0";
}

/** The player's game recharges (Deposited) and withdrawals (Withdrawn), newest first, with block times. */
export function useGameRecords(account: Address | undefined, limit = 20) {
  const client = usePublicClient();
  const block = useBlockKey();
  return useQuery({
    queryKey: ["lottery", "records", account, block],
    enabled: Boolean(client && gameAddress && account),
    placeholderData: (previous) => previous,
    queryFn: async (): Promise<GameRecord[]> => {
      const common = { address: gameAddress!, abi: gameAbi, fromBlock: gameStartBlock, args: { user: account! } } as const;
      const [deposits, withdrawals] = await Promise.all([
        client!.getContractEvents({ ...common, eventName: "Deposited" }),
        client!.getContractEvents({ ...common, eventName: "Withdrawn" }),
      ]);
      const logs = newest([...deposits, ...withdrawals], limit);
      const times = new Map<bigint, bigint>();
      await Promise.all(
        [...new Set(logs.map((l) => l.blockNumber!))].map(async (n) =>
          times.set(n, (await client!.getBlock({ blockNumber: n })).timestamp),
        ),
      );
      return logs.map((l) => ({
        type: l.eventName === "Deposited" ? "recharge" : "withdrawal",
        amount: l.args.amount!,
        hash: l.transactionHash,
        blockNumber: l.blockNumber,
        time: times.get(l.blockNumber) ?? 0n,
      }));
    },
  });
}

/** The rounds the player joined (Joined events), entries summed per round, newest round first. */
export function usePlayerEntries(account: Address | undefined) {
  const client = usePublicClient();
  const block = useBlockKey();
  return useQuery({
    queryKey: ["lottery", "entries", account, block],
    enabled: Boolean(client && gameAddress && account),
    placeholderData: (previous) => previous,
    queryFn: async () => {
      const logs = await client!.getContractEvents({
        address: gameAddress!,
        abi: gameAbi,
        eventName: "Joined",
        args: { player: account! },
        fromBlock: gameStartBlock,
      });
      const byRound = new Map<bigint, { round: bigint; entries: bigint; cost: bigint; auto: boolean }>();
      for (const l of logs) {
        const round = l.args.round!;
        const row = byRound.get(round) ?? { round, entries: 0n, cost: 0n, auto: false };
        row.entries += l.args.entries!;
        row.cost += l.args.cost!;
        row.auto ||= Boolean(l.args.auto_);
        byRound.set(round, row);
      }
      return [...byRound.values()].sort((a, b) => (b.round > a.round ? 1 : -1));
    },
  });
}

/** The rounds the player won (WinnerDrawn with it as winner), newest first. */
export function usePlayerWins(account: Address | undefined) {
  const client = usePublicClient();
  const block = useBlockKey();
  return useQuery({
    queryKey: ["lottery", "wins", account, block],
    enabled: Boolean(client && gameAddress && account),
    placeholderData: (previous) => previous,
    queryFn: async () => {
      const logs = await client!.getContractEvents({
        address: gameAddress!,
        abi: gameAbi,
        eventName: "WinnerDrawn",
        args: { winner: account! },
        fromBlock: gameStartBlock,
      });
      return newest(logs, 50).map((l) => ({ round: l.args.round!, prize: l.args.prize!, hash: l.transactionHash }));
    },
  });
}
