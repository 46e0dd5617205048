import { useTranslation } from "react-i18next";
import { dataKey } from "@/lib/i18n";
import { TextField } from "@/components/ui/text-field";
import { exactTokenText, formatToken, parseTokenAmount, sanitiseTokenTyping } from "@/lib/protocol/token-amount";

export interface TokenAmountInputProps {
  label: string;
  symbol: string;
  decimals: number;
  value: string;
  onChange: (text: string) => void;
  /** The raw balance Max fills in; exceeding it is an error. */
  max?: bigint;
  disabled?: boolean;
  testId?: string;
}

/**
 * An amount of a token: typing never exceeds the token's decimals, Max is the exact raw bigint
 * (no float, no rounding), and the problem is said under the input.
 */
export function TokenAmountInput({ label, symbol, decimals, value, onChange, max, disabled, testId }: TokenAmountInputProps) {
  const { t } = useTranslation();
  const error = tokenAmountError(value, decimals, max);
  return (
    <TextField
      label={label}
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.0"
      value={value}
      onChange={(e) => onChange(sanitiseTokenTyping(e.target.value, decimals))}
      disabled={disabled}
      error={error ? t(dataKey(`protocol.amount.${error}`)) : null}
      hint={max !== undefined ? t("protocol.amount.available", { amount: formatToken(max, decimals, 4), symbol }) : undefined}
      data-testid={testId}
      addon={
        max !== undefined ? (
          <button
            type="button"
            className="btn btn--secondary token-max"
            disabled={disabled || max === 0n}
            onClick={() => onChange(exactTokenText(max, decimals))}
            aria-label={`${t("protocol.amount.max")}: ${t("protocol.amount.maxLabel", { symbol })}`}
            data-testid={testId ? `${testId}-max` : undefined}
          >
            {t("protocol.amount.max")}
          </button>
        ) : (
          <span className="token-symbol">{symbol}</span>
        )
      }
    />
  );
}

/** The input's problem worth showing, or null (empty is not shown as an error). */
export function tokenAmountError(value: string, decimals: number, max?: bigint): string | null {
  if (value === "") return null;
  const parsed = parseTokenAmount(value, decimals);
  if ("problem" in parsed) return parsed.problem;
  if (max !== undefined && parsed.amount > max) return "overBalance";
  return null;
}

/** The parsed amount when valid (and within `max`), else null. */
export function validTokenAmount(value: string, decimals: number, max?: bigint): bigint | null {
  const parsed = parseTokenAmount(value, decimals);
  if (!("amount" in parsed)) return null;
  if (max !== undefined && parsed.amount > max) return null;
  return parsed.amount;
}
