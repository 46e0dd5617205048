import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { feeCeiling } from "@domain/permit";
import { ApproveStep } from "@/components/protocol/approve-step";
import { FigureList } from "@/components/protocol/figure-list";
import { CEILING_HINTS, SpendPlanHint } from "@/components/protocol/spend-plan-hint";
import { TextField } from "@/components/ui/text-field";
import { useWriteSpexClaimProfit } from "@generated/hooks/spex";
import { PRICE_REFUSAL_KEY, priceRefusalOf } from "@/lib/protocol/price-refusal";
import { newRandomReference } from "@/lib/protocol/reference";
import { formatChainTime } from "@/lib/protocol/time";
import { formatToken } from "@/lib/protocol/token-amount";
import { useProtocolTx } from "@/lib/protocol/use-protocol-tx";
import { TransactionStatus } from "@/lib/wallet/transaction-status";
import { useAccelerate } from "../hooks/use-accelerate";
import { useAccelerationQuote } from "../hooks/use-claim-reads";
import { parseDays, remainingDays } from "../utils/days";

export interface ProfitStake {
  id: bigint;
  stakeTime: bigint;
  principal: bigint;
  claimable: bigint;
  claimed: bigint;
  acceleratedDays: bigint;
  warmupEnds: bigint;
}

/**
 * One position: its computed profit and claim; accelerate by days with the USDB fee quoted first,
 * in one transaction where the wallet allows (a batch, a USDB permit, or the allowance there is),
 * else the fee's approval first (use-accelerate.ts).
 */
export function ProfitItem({
  stake,
  account,
  maxDays,
  now,
  canWrite,
}: {
  stake: ProfitStake;
  account: Address;
  maxDays: bigint;
  now: number | undefined;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const [daysText, setDaysText] = useState("");
  const tx = useProtocolTx(`profit-${stake.id}`);
  const claim = useWriteSpexClaimProfit();
  const remaining = remainingDays(maxDays, stake.acceleratedDays);
  const days = parseDays(daysText, remaining);
  const quote = useAccelerationQuote(stake.id, days);
  const fee = quote.data?.[1] ?? null;
  const { accelerate, plan, usdb, spex } = useAccelerate(account, tx, fee);
  // The fee is priced from the PEX average; while it is refused, the quote says why.
  const refusal = priceRefusalOf(quote.error);
  const inWarmup = now !== undefined && BigInt(now) < stake.warmupEnds;
  return (
    <li data-testid="profit-item" data-id={stake.id.toString()}>
      <FigureList
        figures={[
          { id: `profit-${stake.id}-time`, label: t("protocol.stake.stakeTime"), value: formatChainTime(stake.stakeTime) },
          {
            id: `profit-${stake.id}-principal`,
            label: t("protocol.stake.principal"),
            value: `${formatToken(stake.principal, 18, 4)} PEX`,
          },
          {
            id: `profit-${stake.id}-profit`,
            label: t("protocol.profit.profit"),
            value: `${formatToken(stake.claimable, 18, 6)} PEX`,
          },
          {
            id: `profit-${stake.id}-claimed`,
            label: t("protocol.profit.claimed"),
            value: `${formatToken(stake.claimed, 18, 6)} PEX`,
          },
        ]}
      />
      {inWarmup ? <p className="muted">{t("protocol.profit.warmup", { time: formatChainTime(stake.warmupEnds) })}</p> : null}
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={!canWrite || tx.busy || inWarmup || stake.claimable === 0n}
        onClick={() => void tx.run("claimProfit", () => claim.writeContractAsync({ args: [stake.id, newRandomReference()] }))}
        data-testid="claim-profit"
      >
        {t("protocol.profit.claim")}
      </button>
      <details className="profit-accelerate">
        <summary>{t("protocol.profit.accelerate")}</summary>
        <TextField
          label={t("protocol.profit.days", { max: remaining.toString() })}
          inputMode="numeric"
          value={daysText}
          onChange={(e) => setDaysText(e.target.value.replace(/\D/g, "").slice(0, 4))}
          error={daysText !== "" && days === null ? t("protocol.profit.daysInvalid", { max: remaining.toString() }) : null}
          disabled={tx.busy || remaining === 0n}
          data-testid="accelerate-days"
        />
        <p
          className={refusal ? "alert" : "status-line"}
          role={refusal ? "alert" : undefined}
          data-testid="accelerate-quote"
          data-refusal={refusal ?? undefined}
        >
          {refusal
            ? t(PRICE_REFUSAL_KEY[refusal])
            : quote.data
              ? t("protocol.profit.quote", { reward: formatToken(quote.data[0], 18, 6), fee: formatToken(quote.data[1], 18, 4) })
              : t("protocol.profit.quoteHint")}
        </p>
        {fee !== null && plan.path !== null ? (
          <SpendPlanHint
            path={plan.path}
            amount={plan.path === "plain" ? fee : feeCeiling(fee)}
            decimals={18}
            symbol="USDB"
            testId="accelerate-permit-hint"
            hints={CEILING_HINTS}
          />
        ) : null}
        {plan.step !== "none" ? (
          <ApproveStep
            token={usdb}
            spender={spex}
            owner={account}
            amount={fee === null ? null : feeCeiling(fee)}
            symbol="USDB"
            run={tx.run}
            busy={tx.busy}
            testId="accelerate-approve"
          />
        ) : null}
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={!canWrite || tx.busy || days === null || fee === null || plan.path === null || plan.path === "approve-first"}
          onClick={async () => {
            if (days === null || fee === null) return;
            const receipt = await accelerate(stake.id, days, fee);
            if (receipt) setDaysText("");
          }}
          data-testid="accelerate-submit"
        >
          {t("protocol.profit.accelerateSubmit")}
        </button>
      </details>
      <TransactionStatus state={tx.state} testId="profit-status" />
    </li>
  );
}
