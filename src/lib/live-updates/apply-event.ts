import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "../query-keys";
import type { LiveMessage } from "./read-event-stream";

/** wagmi's read queries: the lottery pages read the chain, and a draw changes what they show. */
const isChainRead = (key: readonly unknown[]) =>
  key[0] === "readContract" || key[0] === "readContracts" || key[0] === "infiniteReadContracts";

/**
 * What each pushed event changes in the query cache: the queries showing it are refetched (those
 * on screen at once, the others when next shown), so pages update without polling. A `reset`
 * (events were missed) refetches everything of the user's.
 */
export function applyEvent(client: QueryClient, m: Pick<LiveMessage, "name">): void {
  switch (m.name) {
    case "recharge":
    case "payout":
      void client.invalidateQueries({ queryKey: queryKeys.assetRecords });
      return;
    case "balance":
      void client.invalidateQueries({ queryKey: queryKeys.userInfo });
      return;
    case "lottery":
      void client.invalidateQueries({ predicate: (q) => isChainRead(q.queryKey) });
      return;
    case "reset":
      void client.invalidateQueries({ queryKey: queryKeys.user });
      void client.invalidateQueries({ predicate: (q) => isChainRead(q.queryKey) });
      return;
    case "ready":
      return;
  }
}
