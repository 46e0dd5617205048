import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toHex, type Hash } from "viem";
import { useReadGameGetPlayers } from "@generated/hooks/game";
import { formatChainTime } from "@/lib/protocol/time";
import type { RoundInfo } from "../hooks/use-lottery";
import { useDrawEvidence } from "../hooks/use-draw-evidence";
import { usePlayerNames } from "../hooks/use-player-names";
import { RoundState } from "../utils/round-state";
import { winChance } from "../utils/win-chance";

/** The history's "detail": contestants with their entries, and the draw's VRF proof, checked in the browser. */
export function RoundDetail({ round, fulfilTx }: { round: RoundInfo; fulfilTx: Hash | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <details className="lottery-detail" onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="lottery-detail">
      <summary>{t("lottery.history.detail")}</summary>
      {open ? <DetailBody round={round} fulfilTx={fulfilTx} /> : null}
    </details>
  );
}

function DetailBody({ round, fulfilTx }: { round: RoundInfo; fulfilTx: Hash | undefined }) {
  const { t } = useTranslation();
  const players = useReadGameGetPlayers({ args: [round.id] });
  const addresses = players.data?.[0] ?? [];
  const nameOf = usePlayerNames(addresses);
  const evidence = useDrawEvidence(round, fulfilTx);
  return (
    <div className="lottery-detail__body">
      <h3 className="lottery-detail__title">{t("lottery.detail.contestants")}</h3>
      {addresses.length === 0 ? (
        <p className="muted">{players.isPending ? t("common.loading") : t("lottery.detail.noContestants")}</p>
      ) : (
        <ul className="lottery-players" data-testid="lottery-players">
          {addresses.map((a, i) => {
            const entries = players.data![1][i]!;
            const chance = winChance(entries, round.totalEntries);
            return (
              <li key={a} data-testid="lottery-player">
                <span title={a}>{nameOf(a)}</span>
                <span>
                  {t("lottery.detail.entries", { count: Number(entries) })}
                  {chance ? ` · ${chance.percent}` : ""}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <h3 className="lottery-detail__title">{t("lottery.detail.randomness")}</h3>
      <p className="muted lottery-detail__note">{t("lottery.detail.howItWorks")}</p>
      <dl className="figures lottery-evidence" data-testid="lottery-evidence">
        <Item label={t("lottery.detail.requestId")} value={round.requestId === 0n ? "—" : round.requestId.toString()} />
        {round.requestId !== 0n ? (
          <Item label={t("lottery.detail.requestedAt")} value={formatChainTime(round.requestedAt)} />
        ) : (
          <Item label={t("lottery.detail.endTime")} value={formatChainTime(round.endTime)} />
        )}
        {round.state === RoundState.Drawn ? (
          <>
            <Item label={t("lottery.detail.fulfilTx")} value={fulfilTx ?? "…"} />
            <Item label={t("lottery.detail.coordinator")} value={evidence.data?.coordinator ?? "…"} />
            <Item
              label={t("lottery.detail.outputSeed")}
              value={evidence.data?.outputSeed === undefined ? "…" : toHex(evidence.data.outputSeed, { size: 32 })}
            />
            <Item label={t("lottery.detail.word")} value={toHex(round.randomness, { size: 32 })} />
            <Item label={t("lottery.detail.number")} value={`${round.winningNumber} = word mod ${round.totalEntries}`} />
          </>
        ) : null}
      </dl>
      {evidence.data ? (
        <p
          className={evidence.data.ok ? "lottery-verified" : "alert"}
          role="status"
          data-testid="lottery-verified"
          data-ok={String(evidence.data.ok)}
        >
          {evidence.data.ok ? t("lottery.detail.verified") : t("lottery.detail.notVerified")}
        </p>
      ) : round.state === RoundState.Drawn && evidence.isError ? (
        <p className="alert">{t("lottery.detail.evidenceError")}</p>
      ) : null}
    </div>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div className="figures__row figures__row--stack">
      <dt>{label}</dt>
      <dd>
        <code className="lottery-hex">{value}</code>
      </dd>
    </div>
  );
}
