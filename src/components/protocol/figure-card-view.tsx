import type { ReactNode } from "react";
import type { FiguresBlock } from "@/lib/protocol/figures-block";
import { AsOfLine } from "./as-of-line";
import { FigureList, type Figure } from "./figure-list";

export interface FigureCardProps {
  /** The heading's id, which labels the card. */
  id: string;
  title: ReactNode;
  figures?: Figure[];
  testId?: string;
  children?: ReactNode;
}

/**
 * A protocol screen's card of chain figures, given the block they were read at: without wallet
 * code, so the server's figures paint it before the wallet has loaded, and the wallet's reads
 * repaint the very same markup (FigureCard reads the latest block itself).
 */
export function FigureCardView({
  id,
  title,
  figures,
  testId,
  children,
  block,
}: FigureCardProps & { block: FiguresBlock | undefined }) {
  return (
    <section className="card" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      <AsOfLine block={block} />
      {figures ? <FigureList figures={figures} /> : null}
      {children}
    </section>
  );
}
