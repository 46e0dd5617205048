import type { Config } from "wagmi";

/** The ids of wagmiConfig's own connectors: a wallet connected through any other needs the list. */
const STARTING_CONNECTOR_IDS = new Set(["injected"]);

/**
 * The connector the visitor last connected with, as wagmi keeps it (`wagmi.recentConnectorId` in
 * localStorage, JSON); null when none or unreadable.
 */
export function recentConnectorId(storage: Pick<Storage, "getItem"> = window.localStorage): string | null {
  try {
    const value: unknown = JSON.parse(storage.getItem("wagmi.recentConnectorId") ?? "null");
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

/** Whether reconnecting needs the wallet list first: the last wallet came through one of its SDKs. */
export function reconnectNeedsWalletList(connectorId: string | null): boolean {
  return connectorId !== null && !STARTING_CONNECTOR_IDS.has(connectorId);
}

const loads = new WeakMap<Config, Promise<void>>();

/** Loads RainbowKit's wallet list into `config` (wallet-list.ts); one load per config. */
export function loadWalletList(config: Config): Promise<void> {
  let load = loads.get(config);
  if (!load) {
    load = import("./wallet-list")
      .then(({ registerWalletList }) => registerWalletList(config))
      .catch((error: unknown) => {
        // A failed download may succeed on the next tap.
        loads.delete(config);
        throw error;
      });
    loads.set(config, load);
  }
  return load;
}
