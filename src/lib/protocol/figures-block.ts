import { useSyncExternalStore } from "react";

/** A block the figures on screen were read at: the server's reading (ADR-0209) or the wallet's latest. */
export interface FiguresBlock {
  number: bigint;
  timestamp: bigint;
}

/** The server's block (decimal strings) as the cards take it. */
export function figuresBlock(block: { number: string; timestamp: string }): FiguresBlock {
  return { number: BigInt(block.number), timestamp: BigInt(block.timestamp) };
}

/** The wall clock (ms) as the counting cards read it: refreshed each second while any is on screen. */
let wall = Date.now();
let ticking: number | undefined;
const watchers = new Set<() => void>();

function watchWall(onTick: () => void): () => void {
  watchers.add(onTick);
  if (ticking === undefined) {
    wall = Date.now();
    ticking = window.setInterval(() => {
      wall = Date.now();
      for (const watcher of watchers) watcher();
    }, 1000);
  }
  return () => {
    watchers.delete(onTick);
    if (watchers.size === 0) {
      window.clearInterval(ticking);
      ticking = undefined;
    }
  };
}

/** The same value until it is a second old, so that React may read it twice in one render. */
function readWall(): number {
  if (ticking === undefined && Math.abs(Date.now() - wall) >= 1000) wall = Date.now();
  return wall;
}

/**
 * The chain's clock in seconds, ticking every second: a block's timestamp plus the wall time since
 * it was seen (`seenAt`, ms). Countdowns use it because the chain's clock may differ from the
 * device's (a local chain moved forward by tests, a block producer's drift). Takes no wallet code,
 * so a card painted from the server's figures counts down before the wallet has loaded. The web
 * server and a hydration draw it at `seenAt` (the server snapshot: both have the same reading), so
 * the two renders agree; the clock takes over once the card is the browser's (ADR-0213).
 */
export function useTickingChainTime(timestamp: bigint | undefined, seenAt: number): number | undefined {
  const now = useSyncExternalStore(watchWall, readWall, () => seenAt);
  if (timestamp === undefined) return undefined;
  return Number(timestamp) + Math.max(0, Math.floor((now - seenAt) / 1000));
}
