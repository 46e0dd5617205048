import { useTranslation } from "react-i18next";
import { TextField } from "@/components/ui/text-field";
import type { TradeLimits } from "@/lib/protocol/use-trade-limits";

/** Slippage (%) and deadline (minutes) side by side, each with its message when invalid. */
export function TradeLimitFields({ limits, testIdPrefix }: { limits: TradeLimits; testIdPrefix: string }) {
  const { t } = useTranslation();
  return (
    <div className="field-pair">
      <TextField
        label={t("protocol.slippage")}
        inputMode="decimal"
        value={limits.slippage}
        onChange={(e) => limits.setSlippage(e.target.value)}
        error={limits.slippageBps === null ? t("protocol.slippageInvalid") : null}
        addon={<span className="token-symbol">%</span>}
        data-testid={`${testIdPrefix}-slippage`}
      />
      <TextField
        label={t("protocol.deadline")}
        inputMode="numeric"
        value={limits.minutes}
        onChange={(e) => limits.setMinutes(e.target.value)}
        error={limits.deadlineMinutes === null ? t("protocol.deadlineInvalid") : null}
        addon={<span className="token-symbol">{t("protocol.minutes")}</span>}
        data-testid={`${testIdPrefix}-deadline`}
      />
    </div>
  );
}
