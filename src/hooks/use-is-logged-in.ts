import { useSyncExternalStore } from "react";
import { isLoggedIn, subscribeSession } from "@/lib/session";

/**
 * The login flag (specification §4), kept current when this or another tab signs in or out. The
 * same read serves hydration: a first screen drawn for a signed-in visitor was drawn with their
 * session (lib/storage's `renderingFor`), one drawn for anyone else without one.
 */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribeSession, isLoggedIn, isLoggedIn);
}
