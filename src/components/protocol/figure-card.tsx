import { useLatestBlock } from "./as-of-block";
import { FigureCardView, type FigureCardProps } from "./figure-card-view";

/**
 * A protocol screen's card of chain figures: its title, the block they were read at (the wallet's
 * latest), the figures, then what the screen adds below them (refusals, more lists, the action
 * buttons).
 */
export function FigureCard(props: FigureCardProps) {
  return <FigureCardView {...props} block={useLatestBlock()} />;
}
