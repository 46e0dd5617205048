import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import "./form.css";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  /** Shown under the input; an error replaces it and marks the input invalid. */
  hint?: ReactNode;
  error?: string | null;
  /** Beside the input (a send-code button, a unit). */
  addon?: ReactNode;
  /** Visually hidden label, when the placeholder says the same. */
  hideLabel?: boolean;
}

/** A labelled input whose hint and error are announced with it. */
export function TextField({ label, hint, error, addon, hideLabel, ...input }: TextFieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const control = (
    <input id={id} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
  );
  return (
    <div className="field">
      <label htmlFor={id} className={hideLabel ? "sr-only" : "field__label"}>
        {label}
      </label>
      {addon ? (
        <div className="field__row">
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
