import type { FormHTMLAttributes, ReactNode } from "react";

interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, "onSubmit"> {
  /** Runs the app's own checks and the call; the browser's validation bubbles stay off. */
  onSubmit: () => unknown;
  submitLabel: ReactNode;
  /** While the call runs: the button is disabled, busy and shows a spinner. */
  busy: boolean;
  submitTestId?: string;
  children: ReactNode;
}

/** A form of stacked fields ending in its primary submit button. */
export function Form({ onSubmit, submitLabel, busy, submitTestId, className = "form-stack", children, ...form }: FormProps) {
  return (
    <form
      className={className}
      noValidate
      {...form}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
      <button type="submit" className="btn btn--primary btn--block" disabled={busy} aria-busy={busy} data-testid={submitTestId}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {submitLabel}
      </button>
    </form>
  );
}
