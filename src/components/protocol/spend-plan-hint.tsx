import { useTranslation } from "react-i18next";
import type { ApprovalPath } from "@/lib/wallet/approval-plan";
import { exactTokenText } from "@/lib/protocol/token-amount";
import { PERMIT_HINT } from "./use-spend-plan";

/** What a spending form says of its path: the allowance covers it, one batch, a permit, or approve first. */
export const SPEND_HINTS = {
  plain: "protocol.permit.covered",
  batch: "protocol.permit.batch",
  permit: "protocol.permit.hint",
  "approve-first": "protocol.permit.approveFirst",
} as const;

/** The same, for a fee the user signs a ceiling of (acceleration): the ceiling is what the permit covers. */
export const CEILING_HINTS = {
  plain: "protocol.permit.covered",
  batch: "protocol.permit.batchCeiling",
  permit: "protocol.permit.ceiling",
  "approve-first": "protocol.permit.approveFirstCeiling",
} as const;

/**
 * The line under a spending form's amount naming how the action will go (use-spend-plan.ts);
 * `data-permit` tells the browser tests which path the page chose.
 */
export function SpendPlanHint(o: {
  path: ApprovalPath;
  amount: bigint;
  decimals: number;
  symbol: string;
  testId: string;
  hints?: typeof SPEND_HINTS | typeof CEILING_HINTS;
}) {
  const { t } = useTranslation();
  return (
    <p className="muted" data-testid={o.testId} data-permit={PERMIT_HINT[o.path]}>
      {t((o.hints ?? SPEND_HINTS)[o.path], { amount: exactTokenText(o.amount, o.decimals), symbol: o.symbol })}
    </p>
  );
}
