/** One line of `npm run bench`'s table: a figure, its budget and whether it holds. */
export interface Row {
  metric: string;
  value: number;
  unit: string;
  budget: string;
  ok: boolean;
  /** The open issue this budget belongs to: reported, but not yet a gate for the exit code. */
  open?: string;
}
