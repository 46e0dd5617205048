import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Hash } from "viem";
import { useReadGameGetPlayers } from "@/generated/contracts";
import { formatChainTime } from "@/lib/protocol/time";
import type { RoundInfo } from "../hooks/use-lottery";
import { useDrawEvidence } from "../hooks/use-draw-evidence";
import { usePlayerNames } from "../hooks/use-player-names";
import { gameAddress } from "../utils/game";
import { RoundState } from "../utils/round-state";
import { winChance } from "../utils/win-chance";

/** The history's "detail": contestants with their entries, and the draw's randomness source, checked in the browser. */
export function RoundDetail({ round, drawTx }: { round: RoundInfo; drawTx: Hash | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <details className="lottery-detail" onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="lottery-detail">
      <summary>{t("lottery.history.detail")}</summary>
      {open ? <DetailBody round={round} drawTx={drawTx} /> : null}
    </details>
  );
}

function DetailBody({ round, drawTx }: { round: RoundInfo; drawTx: Hash | undefined }) {
  const { t } = useTranslation();
  const players = useReadGameGetPlayers({ address: gameAddress, args: [round.id] });
  const addresses = players.data?.[0] ?? [];
  const nameOf = usePlayerNames(addresses);
  const evidence = useDrawEvidence(round, drawTx);
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
        <Item label={t("lottery.detail.commitment")} value={round.commitment} />
        <Item label={t("lottery.detail.drawBlock")} value={round.drawBlock === 0n ? "—" : `#${round.drawBlock}`} />
        {round.state === RoundState.Drawn ? (
          <>
            <Item label={t("lottery.detail.drawTx")} value={drawTx ?? "…"} />
            <Item label={t("lottery.detail.seed")} value={evidence.data?.seed ?? "…"} />
            <Item label={t("lottery.detail.blockHash")} value={evidence.data?.drawBlockHash ?? "…"} />
            <Item label={t("lottery.detail.randomnessValue")} value={`0x${round.randomness.toString(16)}`} />
            <Item label={t("lottery.detail.number")} value={`${round.winningNumber} = randomness mod ${round.totalEntries}`} />
          </>
        ) : (
          <Item label={t("lottery.detail.endTime")} value={formatChainTime(round.endTime)} />
        )}
      </dl>
      {evidence.data ? (
        <p
          className={
            evidence.data.commitmentOk && evidence.data.randomnessOk && evidence.data.numberOk ? "lottery-verified" : "alert"
          }
          role="status"
          data-testid="lottery-verified"
          data-ok={String(evidence.data.commitmentOk && evidence.data.randomnessOk && evidence.data.numberOk)}
        >
          {evidence.data.commitmentOk && evidence.data.randomnessOk && evidence.data.numberOk
            ? t("lottery.detail.verified")
            : t("lottery.detail.notVerified")}
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
