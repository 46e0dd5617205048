import type { PublicClient } from "viem";
import type { ProtocolFigures } from "../../../domain/api/protocol-figures";
import { type FigureContracts, readProtocolFigures } from "./figures.reader";

export interface FiguresAtBlockOptions {
  client: PublicClient;
  /** The deployed contracts, re-read on each call (a redeploy needs no restart); null: none. */
  contracts: () => FigureContracts | null;
  /** How long the chain's head is taken as known: requests within it share one eth_blockNumber. */
  headTtlMs?: number;
  now?: () => number;
}

/**
 * The public figures at the chain's head, read once per block (ADR-0209): callers in the same
 * block share one reading, and callers while it is under way share that one multicall, so a burst
 * of 100 visitors costs the node one head lookup and one reading. A failed reading is not kept.
 */
export function createFiguresAtBlock({ client, contracts, headTtlMs = 1_000, now = Date.now }: FiguresAtBlockOptions) {
  let head: { at: number; block: Promise<bigint> } | null = null;
  let kept: { key: string; figures: Promise<ProtocolFigures> } | null = null;

  const headBlock = () => {
    if (!head || now() - head.at >= headTtlMs) {
      const block = client.getBlockNumber({ cacheTime: 0 });
      head = { at: now(), block };
      block.catch(() => {
        if (head?.block === block) head = null;
      });
    }
    return head.block;
  };

  /** The figures at the head, or null when no protocol is deployed. Rejects when the chain does not answer. */
  return async function latest(): Promise<ProtocolFigures | null> {
    const c = contracts();
    if (!c || (!c.front && !c.spex && !c.game)) return null;
    const block = await headBlock();
    // The block and the contracts: a redeployed chain restarts its numbering with other addresses.
    const key = `${block}:${c.front}:${c.spex}:${c.game}`;
    if (kept?.key !== key) {
      const figures = readProtocolFigures(client, c, block);
      const entry = { key, figures };
      kept = entry;
      figures.catch(() => {
        if (kept === entry) kept = null;
      });
    }
    return kept.figures;
  };
}

export type FiguresAtBlock = ReturnType<typeof createFiguresAtBlock>;
