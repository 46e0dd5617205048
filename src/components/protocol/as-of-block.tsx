import { useBlock } from "wagmi";
import type { FiguresBlock } from "@/lib/protocol/figures-block";
import { AsOfLine } from "./as-of-line";

/** The wallet's latest block (refreshed), as the cards' "as of" line shows it. */
export function useLatestBlock(): FiguresBlock | undefined {
  const { data: block } = useBlock({ watch: true, query: { refetchInterval: 15_000 } });
  return block?.number == null ? undefined : { number: block.number, timestamp: block.timestamp };
}

/** "As of block #N, <time>": the block the figures on screen were read at (the latest one, refreshed). */
export function AsOfBlock() {
  return <AsOfLine block={useLatestBlock()} />;
}
