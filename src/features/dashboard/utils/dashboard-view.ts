import type { ChainDashboard } from "../api/read-chain-dashboard";
import type { Snapshot } from "../api/get-snapshots";
import type { ProtocolFigures } from "@/lib/protocol/public-figures";

/** The figures the "Now" card shows; undefined = not known from this source (drawn as "…"). */
export interface DashboardValues {
  marketCap?: bigint;
  pexPrice?: bigint;
  backingPerPex?: bigint;
  winPrice?: bigint;
  winVault?: bigint;
  win1Price?: bigint;
  win1Vault?: bigint;
  pexTotalSupply?: bigint;
  treasury1Value?: bigint;
  treasury2Value?: bigint;
  totalDepositedPex?: bigint;
  polLiquidity?: bigint;
  polShareBps?: bigint;
  polValue?: bigint;
  ethPrice?: bigint;
}

/**
 * What is on screen and where it comes from, so the "as of" line can say so: the page's own chain
 * read, the server's reading at the head (ADR-0209), or the newest recorded snapshot.
 */
export interface DashboardView {
  source: "chain" | "server" | "snapshot";
  block: bigint;
  /** Seconds: the block's timestamp for a chain read, the recording time for a snapshot. */
  time: bigint;
  values: DashboardValues;
}

export function viewFromChain(read: ChainDashboard): DashboardView {
  const d = read.dashboard;
  return {
    source: "chain",
    block: read.block.number,
    time: read.block.timestamp,
    values: {
      marketCap: d.marketCap,
      pexPrice: d.pexPrice,
      backingPerPex: d.backingPerPex,
      winPrice: d.winPrice,
      winVault: d.winVault,
      win1Price: d.win1Price,
      win1Vault: d.win1Vault,
      pexTotalSupply: d.pexTotalSupply,
      treasury1Value: d.treasury1Value,
      treasury2Value: d.treasury2Value,
      totalDepositedPex: d.totalDepositedPex,
      polLiquidity: d.polLiquidity,
      polShareBps: d.polShareBps,
      polValue: d.polValue,
      ethPrice: d.ethPrice,
    },
  };
}

/** A recorded snapshot; an older one may lack the ETH price and the pool share, which then stay "…" until the chain answers. */
export function viewFromSnapshot(s: Snapshot): DashboardView {
  return {
    source: "snapshot",
    block: BigInt(s.block),
    time: BigInt(Math.floor(s.at / 1000)),
    values: {
      marketCap: BigInt(s.marketCap),
      pexPrice: BigInt(s.pexPrice),
      backingPerPex: BigInt(s.backingPerPex),
      winPrice: BigInt(s.winPrice),
      winVault: BigInt(s.winVault),
      win1Price: BigInt(s.win1Price),
      win1Vault: BigInt(s.win1Vault),
      pexTotalSupply: BigInt(s.pexTotalSupply),
      treasury1Value: BigInt(s.treasury1Value),
      treasury2Value: BigInt(s.treasury2Value),
      totalDepositedPex: BigInt(s.totalDepositedPex),
      polLiquidity: BigInt(s.polLiquidity),
      polValue: BigInt(s.polValue),
      ...(s.ethPrice === null ? {} : { ethPrice: BigInt(s.ethPrice) }),
      ...(s.polShareBps === null ? {} : { polShareBps: BigInt(s.polShareBps) }),
    },
  };
}

/** The server's reading at a block: the same struct as the page's own read, at the block it names. */
export function viewFromServer(figures: ProtocolFigures): DashboardView | null {
  const d = figures.dashboard;
  if (!d) return null;
  const view = viewFromChain({
    dashboard: Object.fromEntries(Object.entries(d).map(([k, v]) => [k, BigInt(v)])) as unknown as ChainDashboard["dashboard"],
    block: { number: BigInt(figures.block.number), timestamp: BigInt(figures.block.timestamp) },
  });
  return { ...view, source: "server" };
}

/**
 * The live chain read once it is there; until then the server's reading at the head; else the
 * newest snapshot; null while none is.
 */
export function pickView(
  chain: ChainDashboard | undefined,
  server: ProtocolFigures | null | undefined,
  snapshot: Snapshot | null | undefined,
): DashboardView | null {
  if (chain) return viewFromChain(chain);
  const fromServer = server ? viewFromServer(server) : null;
  if (fromServer) return fromServer;
  return snapshot ? viewFromSnapshot(snapshot) : null;
}
