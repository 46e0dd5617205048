import { useEffect, useState } from "react";

/** A block the figures on screen were read at: the server's reading (ADR-0209) or the wallet's latest. */
export interface FiguresBlock {
  number: bigint;
  timestamp: bigint;
}

/** The server's block (decimal strings) as the cards take it. */
export function figuresBlock(block: { number: string; timestamp: string }): FiguresBlock {
  return { number: BigInt(block.number), timestamp: BigInt(block.timestamp) };
}

/**
 * The chain's clock in seconds, ticking every second: a block's timestamp plus the wall time since
 * it was seen (`seenAt`, ms). Countdowns use it because the chain's clock may differ from the
 * device's (a local chain moved forward by tests, a block producer's drift). Takes no wallet code,
 * so a card painted from the server's figures counts down before the wallet has loaded.
 */
export function useTickingChainTime(timestamp: bigint | undefined, seenAt: number): number | undefined {
  const [wall, setWall] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setWall(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  if (timestamp === undefined) return undefined;
  return Number(timestamp) + Math.max(0, Math.floor((wall - seenAt) / 1000));
}
