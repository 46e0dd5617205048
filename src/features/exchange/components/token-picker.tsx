import { useId } from "react";
import type { SwapToken } from "../utils/swap-route";
import { swapTokenSymbol } from "../utils/swap-token-symbol";

export interface TokenPickerProps {
  label: string;
  tokens: readonly SwapToken[];
  value: SwapToken;
  onChange: (token: SwapToken) => void;
  disabled?: boolean;
  /** Test ids are `${testId}-${token}` in lower case. */
  testId: string;
}

/** One token out of the pool tokens, as a labelled row of toggle buttons. */
export function TokenPicker({ label, tokens, value, onChange, disabled, testId }: TokenPickerProps) {
  const id = useId();
  return (
    <>
      <p className="muted" id={id}>
        {label}
      </p>
      <div className="segmented" role="group" aria-labelledby={id}>
        {tokens.map((token) => (
          <button
            key={token}
            type="button"
            className={token === value ? "btn btn--primary" : "btn btn--secondary"}
            aria-pressed={token === value}
            disabled={disabled}
            onClick={() => onChange(token)}
            data-testid={`${testId}-${token.toLowerCase()}`}
          >
            {swapTokenSymbol(token)}
          </button>
        ))}
      </div>
    </>
  );
}
