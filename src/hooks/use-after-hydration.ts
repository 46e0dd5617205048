import { useSyncExternalStore } from "react";

const noChanges = () => () => undefined;

/**
 * False on the web server and while the app hydrates its markup, true from then on (React's
 * documented server snapshot): what only the browser draws, such as a popup of the visitor's day
 * whose code the first screen does not load, comes after the server's markup is taken over.
 */
export function useAfterHydration(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
