import type { QueryClient } from "@tanstack/react-query";
import { apiUrl } from "../api-client";
import { getToken, subscribeSession } from "../session";
import { applyEvent } from "./apply-event";
import { browserDeps, startLiveUpdates } from "./live-updates";

/**
 * Reads live updates while a session exists (this tab's or another's sign-in starts them, a
 * sign-out stops them), into `queryClient`. Loaded after the app starts, in a chunk of its own.
 */
export function startLiveUpdatesForSession(queryClient: QueryClient): void {
  let current: string | null = null;
  let stop: (() => void) | null = null;
  const sync = () => {
    const token = getToken();
    if (token === current) return;
    stop?.();
    stop = null;
    current = token;
    if (token)
      stop = startLiveUpdates({
        url: apiUrl("/user/events"),
        token,
        onMessage: (m) => applyEvent(queryClient, m),
        deps: browserDeps(),
      });
  };
  subscribeSession(sync);
  sync();
}
