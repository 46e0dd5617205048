import { useTranslation } from "react-i18next";
import { FigureCard } from "@/components/protocol/figure-card";
import { WalletGate, useViewerAddress } from "@/components/protocol/chain-guard";
import { Empty } from "@/components/ui/empty";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { useReadIdoGetReleaseInfo, useWriteIdoClaimPex35, useWriteIdoClaimPex65 } from "@generated/hooks/ido";
import { formatChainTime } from "@/lib/protocol/time";
import { formatBps, formatToken } from "@/lib/protocol/token-amount";
import { useChainNow } from "@/lib/protocol/use-chain-now";
import { useProtocolTx } from "@/lib/protocol/use-protocol-tx";
import { TransactionStatus } from "@/lib/wallet/transaction-status";
import { durationDays, releasedBps } from "../utils/release-schedule";

/** IDO Release: the release list (unreleased, received, duration, total release, available), claim 65 % and 35 %. */
export function IdoReleaseScreen() {
  const { t } = useTranslation();
  const address = useViewerAddress();
  const now = useChainNow();
  const {
    data: info,
    isError,
    refetch,
    isFetching,
  } = useReadIdoGetReleaseInfo({
    args: address ? [address] : undefined,
    query: { enabled: Boolean(address), refetchInterval: 30_000 },
  });
  const tx = useProtocolTx("ido");
  const claim65 = useWriteIdoClaimPex65();
  const claim35 = useWriteIdoClaimPex35();
  if (!address) return <WalletGate>{null}</WalletGate>;
  if (isError && !info) return <LoadError onRetry={() => void refetch()} busy={isFetching} />;
  if (!info) return <PageSpinner />;
  if (info.total === 0n) return <Empty text={t("protocol.ido.none")} />;
  const claimable35 = info.released35 - info.claimed35;
  // What remains of the 65 %: all of it before the first claim, then the 65 % of any later addition.
  const remaining65 = info.part65 - info.claimed65;
  const started = now !== undefined && BigInt(now) >= info.start;
  return (
    <FigureCard
      id="ido-title"
      title={t("protocol.ido.title")}
      figures={[
        { id: "ido-total", label: t("protocol.ido.total"), value: `${formatToken(info.total)} PEX` },
        { id: "ido-unreleased", label: t("protocol.ido.unreleased"), value: `${formatToken(info.unreleased)} PEX` },
        { id: "ido-received", label: t("protocol.ido.received"), value: `${formatToken(info.received)} PEX` },
        { id: "ido-available", label: t("protocol.ido.available"), value: `${formatToken(info.available)} PEX` },
        {
          id: "ido-duration",
          label: t("protocol.ido.duration"),
          value: t("protocol.ido.days", { count: Number(durationDays(info.duration)) }),
        },
        { id: "ido-start", label: t("protocol.ido.start"), value: formatChainTime(info.start) },
        {
          id: "ido-progress",
          label: t("protocol.ido.progress"),
          value: now === undefined ? "…" : formatBps(releasedBps(info.start, info.duration, BigInt(now))),
        },
      ]}
    >
      <WalletGate>
        <div className="protocol-actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={tx.busy || remaining65 === 0n || !started}
            onClick={() => void tx.run("claim65", () => claim65.writeContractAsync({}))}
            data-testid="claim-65"
          >
            {remaining65 === 0n ? t("protocol.ido.claimed65") : t("protocol.ido.claim65", { amount: formatToken(remaining65) })}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={tx.busy || claimable35 <= 0n}
            onClick={() => void tx.run("claim35", () => claim35.writeContractAsync({}))}
            data-testid="claim-35"
          >
            {t("protocol.ido.claim35", { amount: formatToken(claimable35 > 0n ? claimable35 : 0n) })}
          </button>
        </div>
        <TransactionStatus state={tx.state} testId="ido-status" />
      </WalletGate>
    </FigureCard>
  );
}
