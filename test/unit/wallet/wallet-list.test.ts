import { describe, expect, it, vi } from "vitest";
import { createConfig, createConnector, http, injected } from "wagmi";
import { hardhat } from "wagmi/chains";
import { reconnectNeedsWalletList, recentConnectorId } from "@/lib/wallet/load-wallet-list";
import { browserWalletConnector } from "@/lib/wallet/wagmi-config";
import { registerWalletList, walletGroups, withoutEagerSetup } from "@/lib/wallet/wallet-list";
import { setupI18n } from "../support/setup";

function configWith(connectors: Parameters<typeof createConfig>[0]["connectors"]) {
  return createConfig({ chains: [hardhat], connectors, transports: { [hardhat.id]: http() } });
}

/** A connector whose `setup` is observed, as MetaMask's and WalletConnect's (they load their SDK there). */
function observedConnector(type: string, setup: () => Promise<void>) {
  return createConnector(() => ({
    id: type,
    name: type,
    type,
    setup,
    connect: async () => ({ accounts: [], chainId: hardhat.id }) as never,
    disconnect: async () => undefined,
    getAccounts: async () => [],
    getChainId: async () => hardhat.id,
    getProvider: async () => undefined,
    isAuthorized: async () => false,
    onAccountsChanged: () => undefined,
    onChainChanged: () => undefined,
    onDisconnect: () => undefined,
  }));
}

describe("RainbowKit's wallet list, added on demand", () => {
  it("adding an SDK wallet's connector does not run its setup; an injected one's still runs", () => {
    const sdkSetup = vi.fn(async () => undefined);
    const injectedSetup = vi.fn(async () => undefined);
    configWith([
      withoutEagerSetup(observedConnector("walletConnect", sdkSetup)),
      withoutEagerSetup(observedConnector("injected", injectedSetup)),
    ]);
    expect(sdkSetup).not.toHaveBeenCalled();
    expect(injectedSetup).toHaveBeenCalledOnce();
    // Without the wrapper wagmi runs it at once: the wrapper is what keeps the SDK from loading.
    const plainSetup = vi.fn(async () => undefined);
    configWith([observedConnector("walletConnect", plainSetup)]);
    expect(plainSetup).toHaveBeenCalledOnce();
  });

  it("joins the listed connectors to the page's own injected one, once", async () => {
    await setupI18n("en");
    const config = configWith([injected()]);
    expect(config.connectors.map((c) => c.id)).toEqual(["injected"]);
    await registerWalletList(config);
    await registerWalletList(config);
    const listed = config.connectors.filter((c) => "rkDetails" in c);
    // No WalletConnect project id in tests: the list holds the browser wallet alone.
    expect(listed.map((c) => [c.id, (c as unknown as { rkDetails: { groupName: string } }).rkDetails.groupName])).toEqual([
      ["injected", "In this browser"],
    ]);
    expect(config.connectors).toHaveLength(2);
  });

  it("offers the WalletConnect-based wallets only with a project id", async () => {
    expect((await walletGroups(undefined)).flatMap((g) => g.wallets)).toHaveLength(1);
    const withId = await walletGroups("0123456789abcdef0123456789abcdef");
    expect(withId.map((g) => g.wallets.length)).toEqual([6, 2]);
  });
});

describe("reconnecting after a reload", () => {
  it("the page's own connector takes back a wallet it did not connect itself (direct or through the list)", async () => {
    const account = "0xa0ee7a142d267c1f36714e4a8f75612f20a79720";
    const request = vi.fn(async ({ method }: { method: string }) => (method === "eth_accounts" ? [account] : null));
    vi.stubGlobal("ethereum", { request, on: () => undefined, removeListener: () => undefined });
    try {
      const config = configWith([browserWalletConnector()]);
      const [connector] = config.connectors;
      // wagmi's target-less injected() answers false here: it reconnects only what it connected itself.
      expect(connector!.id).toBe("injected");
      expect(await connector!.isAuthorized()).toBe(true);
      expect(request).toHaveBeenCalledWith(expect.objectContaining({ method: "eth_accounts" }));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  const stored = (value: string | null) => ({ getItem: (key: string) => (key === "wagmi.recentConnectorId" ? value : null) });

  it("reads the connector wagmi last used from its storage", () => {
    expect(recentConnectorId(stored('"walletConnect"'))).toBe("walletConnect");
    expect(recentConnectorId(stored(null))).toBeNull();
    expect(recentConnectorId(stored("not json"))).toBeNull();
  });

  it("loads the list first only for a wallet that came through it", () => {
    expect(reconnectNeedsWalletList("injected")).toBe(false);
    expect(reconnectNeedsWalletList(null)).toBe(false);
    expect(reconnectNeedsWalletList("walletConnect")).toBe(true);
    expect(reconnectNeedsWalletList("metaMaskSDK")).toBe(true);
  });
});
