import { type Address, type PublicClient, getAddress } from "viem";
import type { MyFigures } from "../../../domain/api/protocol-my-figures";
import type { FiguresAtBlock } from "./figures-at-block";
import { type MyFigureContracts, readMyFigures } from "./my-figures.reader";

export interface MyFiguresAtBlockOptions {
  client: PublicClient;
  /** The deployed PEX and sPEX, re-read on each call; null: none. */
  contracts: () => MyFigureContracts | null;
  /** The public figures at the head: their block is the one an account's figures are read at. */
  latest: FiguresAtBlock;
}

/**
 * An account's own figures at the block of the public figures (ADR-0212). Within one block an
 * account's figures are read once: its callers in that block, and those while the reading is under
 * way, share it, so a burst of one user's requests costs the node one multicall. The accounts read
 * are kept for the current block only.
 */
export function createMyFiguresAtBlock({ client, contracts, latest }: MyFiguresAtBlockOptions) {
  let kept: { key: string; byAccount: Map<Address, Promise<MyFigures | null>> } | null = null;
  return async function mine(account: Address): Promise<MyFigures | null> {
    const figures = await latest();
    const c = contracts();
    if (!figures || !c?.pex || !c.spex) return null;
    const key = `${figures.block.number}:${c.pex}:${c.spex}`;
    if (kept?.key !== key) kept = { key, byAccount: new Map() };
    const byAccount = kept.byAccount;
    const who = getAddress(account);
    let reading = byAccount.get(who);
    if (!reading) {
      reading = readMyFigures(client, { pex: c.pex, spex: c.spex }, who, figures.block);
      byAccount.set(who, reading);
      // A failed reading is not kept: the next caller tries again.
      reading.catch(() => byAccount.delete(who));
    }
    return reading;
  };
}

export type MyFiguresAtBlock = ReturnType<typeof createMyFiguresAtBlock>;
