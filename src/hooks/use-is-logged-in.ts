import { useSyncExternalStore } from "react";
import { isLoggedIn, subscribeSession } from "@/lib/session";

/** The login flag (specification §4), kept current when this or another tab signs in or out. */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribeSession, isLoggedIn, () => false);
}
