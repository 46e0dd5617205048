import { BlockNotFoundError, type PublicClient } from "viem";

/** Lower-case hash of the canonical block at a height, or null when the chain is not that long. */
export type BlockHashAt = (blockNumber: bigint) => Promise<string | null>;

/**
 * Canonical block hashes by height, each asked of the node once: for one job pass, in which the
 * same heights come up again (the credits of a block, the cursor's block).
 */
export function blockHashReader(client: PublicClient): BlockHashAt {
  const cache = new Map<bigint, string | null>();
  return async (blockNumber) => {
    if (cache.has(blockNumber)) return cache.get(blockNumber)!;
    let hash: string | null;
    try {
      hash = (await client.getBlock({ blockNumber })).hash.toLowerCase();
    } catch (err) {
      if (!(err instanceof BlockNotFoundError)) throw err;
      hash = null;
    }
    cache.set(blockNumber, hash);
    return hash;
  };
}
