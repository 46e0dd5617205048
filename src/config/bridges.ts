/**
 * Official bridges by the chain the app runs on (Bridge menu, issue 8). The app moves nothing
 * itself: it links to the bridge each target chain's operators publish. A chain missing here
 * (the local Hardhat chain included) has no bridge, and the page says so.
 */
export interface BridgeTarget {
  /** Chain the assets go to (or come from). */
  chain: string;
  chainId: number;
  /** The official bridge's page. */
  url: string;
  /** Who runs it, shown with the link. */
  operator: string;
}

export const bridgeTargets: Record<number, BridgeTarget[]> = {
  1: [
    { chain: "Arbitrum One", chainId: 42161, url: "https://bridge.arbitrum.io/", operator: "Offchain Labs" },
    { chain: "OP Mainnet", chainId: 10, url: "https://app.optimism.io/bridge", operator: "Optimism" },
    { chain: "Base", chainId: 8453, url: "https://bridge.base.org/", operator: "Base" },
    { chain: "Blast", chainId: 81457, url: "https://blast.io/en/bridge", operator: "Blast" },
  ],
  42161: [{ chain: "Ethereum", chainId: 1, url: "https://bridge.arbitrum.io/", operator: "Offchain Labs" }],
  10: [{ chain: "Ethereum", chainId: 1, url: "https://app.optimism.io/bridge", operator: "Optimism" }],
  8453: [{ chain: "Ethereum", chainId: 1, url: "https://bridge.base.org/", operator: "Base" }],
  81457: [{ chain: "Ethereum", chainId: 1, url: "https://blast.io/en/bridge", operator: "Blast" }],
  56: [{ chain: "opBNB", chainId: 204, url: "https://opbnb-bridge.bnbchain.org/", operator: "BNB Chain" }],
};

/** The targets reachable from `chainId` through an official bridge (none on a local chain). */
export function bridgesFrom(chainId: number): BridgeTarget[] {
  return bridgeTargets[chainId] ?? [];
}
