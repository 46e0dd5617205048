import type { ReactNode } from "react";

/** One row: its header cell (what the row is about), then the figures. */
export interface EarningsTableRow {
  key: string;
  head: ReactNode;
  cells: readonly ReactNode[];
}

/**
 * The figures under an earnings chart: the chart is a picture of this table, which carries
 * the numbers for screen readers and for anyone who wants them exact.
 */
export function EarningsTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly EarningsTableRow[];
}) {
  return (
    <table className="earnings-table" data-testid="earnings-table">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.head}</th>
            {r.cells.map((cell, i) => (
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
