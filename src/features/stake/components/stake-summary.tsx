import { formatUnits } from "@domain/money";
import { useTranslation } from "react-i18next";
import { TransactionStatus } from "@/lib/wallet/transaction-status";
import { useWriteSpexRebase } from "@generated/hooks/spex";
import { formatCountdown } from "@/lib/protocol/time";
import { formatToken } from "@/lib/protocol/token-amount";
import { useChainNow } from "@/lib/protocol/use-chain-now";
import { useProtocolTx } from "@/lib/protocol/use-protocol-tx";
import { FigureCard } from "@/components/protocol/figure-card";
import { WalletGate } from "@/components/protocol/chain-guard";
import type { StakeOverview } from "../hooks/use-stake-reads";
import { apyWad, epochsPerYear, rateWad } from "../utils/apy";

/** Epoch, next rebase countdown, APY with its formula, and the rebase button once the epoch is due. */
export function StakeSummary({ overview }: { overview: StakeOverview }) {
  const { t } = useTranslation();
  const now = useChainNow();
  const tx = useProtocolTx("rebase");
  const { writeContractAsync } = useWriteSpexRebase();
  const secondsLeft = now === undefined ? undefined : Number(overview.nextRebase) - now;
  const due = secondsLeft !== undefined && secondsLeft <= 0;
  const rate = rateWad(overview.rewardRate, overview.denominator);
  const apy = apyWad(overview.rewardRate, overview.denominator, overview.epochLength);
  const n = epochsPerYear(overview.epochLength);
  return (
    <FigureCard
      id="stake-summary"
      title={t("protocol.stake.summary")}
      figures={[
        { id: "apy", label: t("protocol.stake.apy"), value: `${formatUnits(apy * 100n, 18, 2)}%` },
        { id: "epoch", label: t("protocol.stake.epoch"), value: overview.epochNumber.toString() },
        {
          id: "nextRebase",
          label: t("protocol.stake.nextRebase"),
          value: secondsLeft === undefined ? "…" : due ? t("protocol.stake.rebaseDue") : formatCountdown(secondsLeft),
        },
        { id: "totalStaked", label: t("protocol.stake.totalStaked"), value: `${formatToken(overview.totalStaked)} PEX` },
      ]}
    >
      <p className="muted" data-testid="apy-formula">
        {t("protocol.stake.apyFormula", { rate: `${formatUnits(rate * 100n, 18, 4)}%`, n: n.toString() })}
      </p>
      {due || tx.state.phase !== "idle" ? (
        <WalletGate>
          {due ? (
            <button
              type="button"
              className="btn btn--primary btn--block"
              disabled={tx.busy}
              onClick={() => void tx.run("rebase", () => writeContractAsync({}))}
              data-testid="rebase"
            >
              {t("protocol.stake.rebase")}
            </button>
          ) : null}
          {/* Stays after the rebase (the epoch is no longer due) so its outcome remains visible. */}
          <TransactionStatus state={tx.state} testId="rebase-status" />
        </WalletGate>
      ) : null}
    </FigureCard>
  );
}
