import { figuresBlock } from "@/lib/protocol/figures-block";
import type { ProtocolFigures } from "@/lib/protocol/public-figures";
import { bondMarketFromFigures } from "../utils/bond-market";
import { BondTerms } from "./bond-terms";

/**
 * The bond terms painted from the server's figures (ADR-0209); null when the server has none.
 * Only paints: a bond is priced and sent from the wallet's own reads (bond-form.tsx).
 */
export function BondTermsPreview({ figures }: { figures: ProtocolFigures }) {
  if (!figures.bonds) return null;
  return <BondTerms market={bondMarketFromFigures(figures.bonds)} block={figuresBlock(figures.block)} />;
}
