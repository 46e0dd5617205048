import type { ReactNode } from "react";
import { AsOfBlock } from "./as-of-block";
import { FigureList, type Figure } from "./figure-list";

/**
 * A protocol screen's card of chain figures: its title, the block they were read at, the figures,
 * then what the screen adds below them (refusals, more lists, the action buttons).
 */
export function FigureCard({
  id,
  title,
  figures,
  testId,
  children,
}: {
  /** The heading's id, which labels the card. */
  id: string;
  title: ReactNode;
  figures?: Figure[];
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      <AsOfBlock />
      {figures ? <FigureList figures={figures} /> : null}
      {children}
    </section>
  );
}
