import type { PublicClient } from "viem";
import type { ProtocolFigures } from "../../../domain/api/protocol-figures";
import { type FigureContracts, readProtocolFigures } from "./figures.reader";

export interface FiguresAtBlockOptions {
  client: PublicClient;
  /** The deployed contracts, re-read on each call (a redeploy needs no restart); null: none. */
  contracts: () => FigureContracts | null;
  /** How long the chain's head is taken as known: requests within it share one eth_blockNumber. */
  headTtlMs?: number;
  /**
   * How old the last complete reading may be and still answer while the next block's is under way
   * (the page says which block it is as of); older, callers wait for the new one.
   */
  serveLastMs?: number;
  now?: () => number;
}

/**
 * The public figures at the chain's head, read once per block (ADR-0209): callers in the same
 * block share one reading, and callers while it is under way share that one multicall, so a burst
 * of 100 visitors costs the node one head lookup and one reading. A failed reading is not kept.
 */
export function createFiguresAtBlock({
  client,
  contracts,
  headTtlMs = 1_000,
  serveLastMs = 30_000,
  now = Date.now,
}: FiguresAtBlockOptions) {
  let head: { at: number; block: Promise<bigint> } | null = null;
  let kept: { key: string; figures: Promise<ProtocolFigures> } | null = null;
  // The last complete reading: it answers while the next one is read (a reading can take the node
  // longer than a first screen waits for the API), if it is recent and of the same deployment.
  let last: { deployment: string; at: number; figures: ProtocolFigures } | null = null;

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

  /** The figures at the head, read once per block and deployment. */
  const atHead = async (c: FigureContracts, deployment: string): Promise<ProtocolFigures> => {
    const block = await headBlock();
    // The block and the contracts: a redeployed chain restarts its numbering with other addresses.
    const key = `${block}:${deployment}`;
    if (kept?.key !== key) {
      const figures = readProtocolFigures(client, c, block);
      const entry = { key, figures };
      kept = entry;
      figures.then(
        (read) => {
          if (!last || last.deployment !== deployment || BigInt(read.block.number) >= BigInt(last.figures.block.number))
            last = { deployment, at: now(), figures: read };
        },
        () => {
          if (kept === entry) kept = null;
        },
      );
    }
    return kept.figures;
  };

  /**
   * The figures at the head, or, while the head's are being read, the last complete reading if it
   * is at most `serveLastMs` old; null when no protocol is deployed. Rejects when the chain does not
   * answer and there is no recent reading.
   */
  return async function latest(): Promise<ProtocolFigures | null> {
    const c = contracts();
    if (!c || (!c.front && !c.spex && !c.game)) return null;
    const deployment = `${c.front}:${c.spex}:${c.game}`;
    const fresh = atHead(c, deployment);
    const recent = last?.deployment === deployment && now() - last.at <= serveLastMs ? last.figures : null;
    if (!recent) return fresh;
    fresh.catch(() => undefined);
    // Whichever is first: the head's reading when it is at hand (the same block's, or a quick one),
    // else the recent one.
    return Promise.race([fresh, new Promise<ProtocolFigures>((resolve) => setTimeout(() => resolve(recent), 0))]);
  };
}

export type FiguresAtBlock = ReturnType<typeof createFiguresAtBlock>;
