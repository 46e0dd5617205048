import { useId } from "react";

/** A labelled select of fixed options; `""` is the "any" choice when `anyLabel` is given. */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  anyLabel,
  testId,
}: {
  label: string;
  value: V | "";
  options: readonly { value: V; label: string }[];
  onChange: (value: V | "") => void;
  anyLabel?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select id={id} className="select" value={value} data-testid={testId} onChange={(e) => onChange(e.target.value as V | "")}>
        {anyLabel !== undefined ? <option value="">{anyLabel}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
