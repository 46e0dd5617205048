import { type TextareaHTMLAttributes, useId } from "react";

/** A labelled multi-line input, with an optional hint announced with it. */
export function TextAreaField({
  label,
  hint,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & { label: string; hint?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea id={id} className="input console-textarea" aria-describedby={hint ? `${id}-hint` : undefined} {...textarea} />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
