import type { ReactNode } from "react";
import "./protocol.css";

export interface Figure {
  id: string;
  label: string;
  value: ReactNode;
  /** e.g. "premium" to colour a value. */
  tone?: "good" | "warn";
  /** Value on its own line under the label: a long value then wraps the same way whatever its digits. */
  wide?: boolean;
}

/** Label/value pairs of a card (balances, prices, terms). */
export function FigureList({ figures }: { figures: Figure[] }) {
  return (
    <dl className="figures">
      {figures.map((f) => (
        <div key={f.id} className={f.wide ? "figures__row figures__row--wide" : "figures__row"}>
          <dt>{f.label}</dt>
          <dd data-testid={`fig-${f.id}`} className={f.tone ? `figures__value--${f.tone}` : undefined}>
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
