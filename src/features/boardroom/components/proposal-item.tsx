import { shortenAddress } from "@domain/address";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { zeroAddress } from "viem";
import { StatusBadge } from "@/components/ui/status-badge";
import { nativeSymbol } from "@/config/chain";
import { WalletGate } from "@/components/protocol/chain-guard";
import { useWriteDaoPassProposal } from "@generated/hooks/dao";
import { protocolAddress } from "@/lib/protocol/addresses";
import { formatChainTime, formatCountdown } from "@/lib/protocol/time";
import { formatToken } from "@/lib/protocol/token-amount";
import { useProtocolTx } from "@/lib/protocol/use-protocol-tx";
import { useProposalTimeline } from "../hooks/use-proposal-timeline";
import { PROPOSAL_STATUS, signBlock } from "../utils/boardroom";
import { proposalTime } from "../utils/proposal-time";
import { BoardroomTxStatus } from "./boardroom-tx-status";

export interface Proposal {
  random: bigint;
  creator: `0x${string}`;
  token: `0x${string}`;
  recipient: `0x${string}`;
  amount: bigint;
  signatures: bigint;
  requiredSignatures: bigint;
  startTime: bigint;
  endTime: bigint;
  status: number;
}

/** "12.5 USDB" for a spend proposal, "—" for a signalling one. */
function amountText(p: Proposal): string {
  if (p.amount === 0n && p.recipient === zeroAddress) return "—";
  if (p.token === zeroAddress) return `${formatToken(p.amount, 18, 2)} ${nativeSymbol}`;
  const name = Object.entries(protocolAddress).find(([, a]) => a?.toLowerCase() === p.token.toLowerCase())?.[0];
  return `${formatToken(p.amount, 18, 2)} ${name ? name.toUpperCase() : shortenAddress(p.token)}`;
}

/**
 * One proposal: serial, amount, an x / y signatures chip (signatures of directors senior now,
 * against > 2/3 of them), start, end, status; sign; the signer timeline.
 */
export function ProposalItem({
  p,
  signed,
  director,
  senior,
  now,
}: {
  p: Proposal;
  signed: boolean | undefined;
  director: boolean;
  /** Whether the director is senior now: only then does it sign. */
  senior: boolean;
  now: number;
}) {
  const { t } = useTranslation();
  const tx = useProtocolTx(`pass-${p.random}`);
  const { writeContractAsync } = useWriteDaoPassProposal();
  const [open, setOpen] = useState(false);
  const timeline = useProposalTimeline(p.random, open);
  const expired = p.status === 1 && now > Number(p.endTime);
  const statusName = expired ? "expired" : (PROPOSAL_STATUS[p.status] ?? "none");
  const block = signBlock(p, now, Boolean(signed), director, senior);
  const met = p.signatures >= p.requiredSignatures;
  const time = proposalTime(p, now);
  return (
    <li data-testid="boardroom-proposal" data-serial={p.random.toString()} data-status={statusName}>
      <div className="boardroom-proposal__head">
        <strong>{t("boardroom.proposal.serial", { serial: p.random.toString() })}</strong>
      </div>
      <dl className="figures">
        <div className="figures__row">
          <dt>{t("boardroom.proposal.amount")}</dt>
          <dd>{amountText(p)}</dd>
        </div>
        <div className="figures__row">
          <dt>{t("boardroom.proposal.signatures")}</dt>
          <dd>
            <span className={met ? "chip chip--met" : "chip"} data-testid="boardroom-signatures">
              {`${p.signatures} / ${p.requiredSignatures}`}
            </span>
          </dd>
        </div>
        <div className="figures__row">
          <dt>{t("boardroom.proposal.startTime")}</dt>
          <dd>{formatChainTime(p.startTime)}</dd>
        </div>
        <div className="figures__row">
          <dt>{t("boardroom.proposal.endTime")}</dt>
          <dd>{formatChainTime(p.endTime)}</dd>
        </div>
        <div className="figures__row">
          <dt>{t("boardroom.proposal.status")}</dt>
          <dd>
            <StatusBadge
              tone={statusName === "executed" ? "success" : statusName === "active" ? "pending" : "failed"}
              testId="boardroom-proposal-status"
            >
              {t(`boardroom.status.${statusName}`)}
            </StatusBadge>
          </dd>
        </div>
        <div className="figures__row">
          <dt>{t("boardroom.proposal.time")}</dt>
          <dd data-testid="boardroom-proposal-time">
            {time === "closed"
              ? t("boardroom.proposal.closed")
              : t("boardroom.proposal.timeLeft", { time: formatCountdown(time.left) })}
          </dd>
        </div>
        <div className="figures__row">
          <dt>{t("boardroom.proposal.creator")}</dt>
          <dd title={p.creator}>{shortenAddress(p.creator)}</dd>
        </div>
      </dl>
      {director ? (
        <WalletGate>
          <button
            type="button"
            className="btn btn--secondary btn--block"
            // Until the chain says whether this director signed, a tap could only be refused.
            disabled={block !== null || tx.busy || signed === undefined}
            onClick={() => void tx.run("passProposal", () => writeContractAsync({ args: [p.random] }))}
            data-testid="boardroom-sign"
          >
            {block ? t(`boardroom.sign.block.${block}`) : t("boardroom.sign.submit")}
          </button>
        </WalletGate>
      ) : null}
      <BoardroomTxStatus state={tx.state} testId="boardroom-sign-status" />
      <details className="boardroom-timeline" onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="boardroom-timeline">
        <summary>{t("boardroom.timeline.title")}</summary>
        {timeline.data ? (
          <ol className="timeline">
            {timeline.data.map((s, i) => (
              <li
                key={`${s.hash}-${i}`}
                className={`timeline__step timeline__step--${s.kind}`}
                data-testid={`timeline-${s.kind}`}
              >
                <span className="timeline__what">
                  {s.kind === "created"
                    ? t("boardroom.timeline.created", { who: s.actor ? shortenAddress(s.actor) : "?" })
                    : s.kind === "signed"
                      ? t("boardroom.timeline.signed", {
                          who: s.actor ? shortenAddress(s.actor) : "?",
                          count: String(s.signatures ?? ""),
                        })
                      : t("boardroom.timeline.executed")}
                </span>
                <span className="muted timeline__time">{formatChainTime(s.time)}</span>
              </li>
            ))}
          </ol>
        ) : open ? (
          <p className="muted">{timeline.isError ? t("boardroom.timeline.error") : t("common.loading")}</p>
        ) : null}
      </details>
    </li>
  );
}
