import { useTranslation } from "react-i18next";
import { FigureCard } from "@/components/protocol/figure-card";
import { WalletGate, useViewerAddress, useWalletReadiness } from "@/components/protocol/chain-guard";
import { Empty } from "@/components/ui/empty";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { useChainNow } from "@/lib/protocol/use-chain-now";
import { useProfitStakes, useStakingTerms } from "../hooks/use-claim-reads";
import { ProfitItem } from "./profit-item";

/** Claim Profit: per stake the computed profit, claim, and accelerate by days with its cost. */
export function ClaimProfitScreen() {
  const { t } = useTranslation();
  const address = useViewerAddress();
  const { readiness } = useWalletReadiness();
  const now = useChainNow();
  const { data: stakes, isError, refetch, isFetching } = useProfitStakes(address);
  const { data: terms } = useStakingTerms();
  if (!address) return <WalletGate>{null}</WalletGate>;
  return (
    <FigureCard id="profit-title" title={t("protocol.profit.title")}>
      {terms ? (
        <p className="muted">
          {t("protocol.profit.feeRule", { bps: (Number(terms[1]) / 100).toString(), max: terms[2].toString() })}
        </p>
      ) : null}
      {isError && !stakes ? (
        <LoadError onRetry={() => void refetch()} busy={isFetching} />
      ) : !stakes || !terms ? (
        <PageSpinner />
      ) : stakes.length === 0 ? (
        <Empty />
      ) : (
        <ul className="protocol-list">
          {stakes.map((s) => (
            <ProfitItem
              key={s.id.toString()}
              stake={s}
              account={address}
              maxDays={terms[2]}
              now={now}
              canWrite={readiness === "ready"}
            />
          ))}
        </ul>
      )}
    </FigureCard>
  );
}
