import { figuresBlock, useTickingChainTime } from "@/lib/protocol/figures-block";
import type { ProtocolFigures } from "@/lib/protocol/public-figures";
import { roundCardPreviewFigures } from "../utils/round-figures";
import { RoundCardView } from "./round-card-view";
import "./lottery.css";

/**
 * The current round painted from the server's figures (ADR-0209), counting down on the server
 * block's clock from when they arrived (`seenAt`); nothing when the server has no lottery figures
 * or its token is not one the app knows (roundCardPreviewFigures). Only paints: joining reads the chain (join-form.tsx).
 */
export function RoundCardPreview({ figures, seenAt }: { figures: ProtocolFigures; seenAt: number }) {
  const now = useTickingChainTime(BigInt(figures.block.timestamp), seenAt);
  const lottery = roundCardPreviewFigures(figures);
  if (!lottery) return null;
  return <RoundCardView lottery={lottery} block={figuresBlock(figures.block)} now={now} />;
}
