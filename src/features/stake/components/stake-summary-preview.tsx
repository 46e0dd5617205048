import { figuresBlock, useTickingChainTime } from "@/lib/protocol/figures-block";
import type { ProtocolFigures } from "@/lib/protocol/public-figures";
import { stakeSummaryFromFigures } from "../utils/stake-figures";
import { StakeSummaryView } from "./stake-summary-view";

/**
 * The stake summary painted from the server's figures (ADR-0209), counting down on the server
 * block's clock from when they arrived (`seenAt`); null when the server has no stake figures.
 * Only paints: the rebase button and every form wait for the wallet, which reads the chain.
 */
export function StakeSummaryPreview({ figures, seenAt }: { figures: ProtocolFigures; seenAt: number }) {
  const now = useTickingChainTime(BigInt(figures.block.timestamp), seenAt);
  if (!figures.stake) return null;
  return <StakeSummaryView summary={stakeSummaryFromFigures(figures.stake)} block={figuresBlock(figures.block)} now={now} />;
}
