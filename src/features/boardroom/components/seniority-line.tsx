import { useTranslation } from "react-i18next";
import { formatChainTime, formatCountdown } from "@/lib/protocol/time";
import { seniorityStatus } from "../utils/boardroom";

interface Seniority {
  eligible: boolean;
  eligibleSince: bigint;
  seniorAt: bigint;
  senior: boolean;
}

/** The account's seniority: not eligible, eligible since … with the period left, or senior since …. */
export function SeniorityLine({ seniority, now }: { seniority: Seniority; now: number | undefined }) {
  const { t } = useTranslation();
  // Until the chain's clock is read, the contract's own verdict stands and the time left is unknown.
  const status = seniorityStatus(seniority, now ?? Number(seniority.seniorAt));
  const text =
    status.kind === "none"
      ? t("boardroom.seniority.none")
      : status.kind === "senior"
        ? t("boardroom.seniority.senior", { since: formatChainTime(status.since) })
        : t("boardroom.seniority.waiting", {
            since: formatChainTime(status.since),
            left: now === undefined ? "…" : formatCountdown(status.left),
          });
  return (
    <p className={status.kind === "senior" ? "boardroom-ok" : "muted"} data-testid="boardroom-seniority" data-kind={status.kind}>
      <strong>{t("boardroom.seniority.label")}</strong> {text}
    </p>
  );
}
