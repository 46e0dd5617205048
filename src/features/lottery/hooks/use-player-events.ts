import { useQuery } from "@tanstack/react-query";
import type { Address, Client, ContractEventName, GetContractEventsParameters, Hash } from "viem";
import { getBlock, getContractEvents } from "viem/actions";
import { useBlockNumber, useClient } from "wagmi";
import { gameAbi } from "@generated/abi/game";
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

type GameEvent = ContractEventName<typeof gameAbi>;

/** One Game event's logs since the deployment, filtered on its indexed arguments. */
function scanGame(client: Client) {
  return <E extends GameEvent>(eventName: E, args: GetContractEventsParameters<typeof gameAbi, E>["args"]) =>
    getContractEvents(client, { address: gameAddress!, abi: gameAbi, fromBlock: gameStartBlock, eventName, args });
}

/**
 * A query over the player's Game events, read again at every new block and showing the previous
 * answer meanwhile; `read` scans the events it needs and shapes them.
 */
function usePlayerEvents<T>(
  name: string,
  account: Address | undefined,
  read: (scan: ReturnType<typeof scanGame>, player: Address, client: Client) => Promise<T>,
) {
  const client = useClient();
  const block = useBlockKey();
  return useQuery({
    queryKey: ["lottery", name, account, block],
    enabled: Boolean(client && gameAddress && account),
    placeholderData: (previous) => previous,
    queryFn: () => read(scanGame(client!), account!, client!),
  });
}

/** The player's game recharges (Deposited) and withdrawals (Withdrawn), newest first, with block times. */
export function useGameRecords(account: Address | undefined, limit = 20) {
  return usePlayerEvents("records", account, async (scan, user, client): Promise<GameRecord[]> => {
    const [deposits, withdrawals] = await Promise.all([scan("Deposited", { user }), scan("Withdrawn", { user })]);
    const logs = newest([...deposits, ...withdrawals], limit);
    const times = new Map<bigint, bigint>();
    await Promise.all(
      [...new Set(logs.map((l) => l.blockNumber!))].map(async (n) =>
        times.set(n, (await getBlock(client, { blockNumber: n })).timestamp),
      ),
    );
    return logs.map((l) => ({
      type: l.eventName === "Deposited" ? "recharge" : "withdrawal",
      amount: l.args.amount!,
      hash: l.transactionHash,
      blockNumber: l.blockNumber,
      time: times.get(l.blockNumber) ?? 0n,
    }));
  });
}

/** The rounds the player joined (Joined events), entries summed per round, newest round first. */
export function usePlayerEntries(account: Address | undefined) {
  return usePlayerEvents("entries", account, async (scan, player) => {
    const logs = await scan("Joined", { player });
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
  });
}

/** The rounds the player won (WinnerDrawn with it as winner), newest first. */
export function usePlayerWins(account: Address | undefined) {
  return usePlayerEvents("wins", account, async (scan, winner) => {
    const logs = await scan("WinnerDrawn", { winner });
    return newest(logs, 50).map((l) => ({ round: l.args.round!, prize: l.args.prize!, hash: l.transactionHash }));
  });
}
