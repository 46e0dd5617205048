import "./form.css";

/** A coloured status label; `tone` picks the colours (pending, success, failed, reversed, approved, rejected). */
export function StatusBadge({ tone, children, testId }: { tone: string; children: string; testId?: string }) {
  return (
    <span className={`status-badge status-badge--${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}
