import * as rainbowKit from "@rainbow-me/rainbowkit";
import { injectedWallet, metaMaskWallet, walletConnectWallet } from "@rainbow-me/rainbowkit/wallets";
import { createConfig, http } from "wagmi";
import { hardhat } from "wagmi/chains";
import { describe, expect, it } from "vitest";
import { connectorsForWallets } from "@/lib/wallet/rainbow-connectors";

const params = { appName: "PEX", projectId: "0123456789abcdef0123456789abcdef", appUrl: "http://localhost:5173" };

/** What RainbowKit's modal reads of each connector: its id, name and rkDetails (functions by name). */
function describeConnectors(connectors: ReturnType<typeof connectorsForWallets>) {
  const config = createConfig({ chains: [hardhat], connectors, transports: { [hardhat.id]: http() } });
  return config.connectors.map((c) => {
    const details = (c as unknown as { rkDetails?: Record<string, unknown> }).rkDetails ?? {};
    const plain = JSON.parse(JSON.stringify(details, (key, v: unknown) => (typeof v === "function" ? `function ${key}` : v)));
    return { id: c.id, name: c.name, rkDetails: plain as Record<string, unknown> };
  });
}

describe("connectorsForWallets (our copy)", () => {
  it("builds the connectors exactly as RainbowKit's own function does", () => {
    const list: rainbowKit.WalletList = [
      { groupName: "Installed", wallets: [injectedWallet, metaMaskWallet] },
      { groupName: "More", wallets: [walletConnectWallet] },
    ];
    const ours = describeConnectors(connectorsForWallets(list, params));
    const theirs = describeConnectors(rainbowKit.connectorsForWallets(list, params));
    expect(ours).toEqual(theirs);
    // WalletConnect twice: RainbowKit's QR entry and the official modal's.
    expect(ours.filter((c) => c.rkDetails.id === "walletConnect")).toHaveLength(2);
    expect(ours.every((c) => c.rkDetails.isRainbowKitConnector === true)).toBe(true);
  });

  it("lists the injected wallet alone when no WalletConnect project id is set", () => {
    const ours = describeConnectors(
      connectorsForWallets([{ groupName: "Installed", wallets: [injectedWallet] }], { ...params, projectId: "" }),
    );
    expect(ours.map((c) => [c.rkDetails.id, c.rkDetails.groupIndex, c.rkDetails.index])).toEqual([["injected", 1, 0]]);
  });
});
