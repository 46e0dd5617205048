import { useTranslation } from "react-i18next";
import { FigureList } from "@/components/protocol/figure-list";
import { WalletGate } from "@/components/protocol/chain-guard";
import { useWriteDaoJoinDirector } from "@generated/hooks/dao";
import { Card } from "@/components/ui/card";
import { formatCountdown } from "@/lib/protocol/time";
import { formatToken } from "@/lib/protocol/token-amount";
import { useChainNow } from "@/lib/protocol/use-chain-now";
import { useProtocolTx } from "@/lib/protocol/use-protocol-tx";
import type { Boardroom } from "../hooks/use-boardroom";
import { joinBlock, NODE_TYPES, SENIOR_NODE } from "../utils/boardroom";
import { BoardroomTxStatus } from "./boardroom-tx-status";
import { LeaveButton } from "./leave-button";
import { SeniorityLine } from "./seniority-line";

/**
 * Who may join: the account's node type (by its team's stake), its own staked principal against
 * the threshold, how long it has held that standing against the seniority period; Join with the
 * reason when not, Leave for a director.
 */
export function JoinCard({ boardroom }: { boardroom: Boardroom }) {
  const { t } = useTranslation();
  const tx = useProtocolTx("join-director");
  const leaveTx = useProtocolTx("leave-director");
  const { writeContractAsync } = useWriteDaoJoinDirector();
  const now = useChainNow();
  const { node, seniority } = boardroom;
  const seatsFree = BigInt(boardroom.directors.length) < boardroom.maxDirectors;
  const block = node && seniority ? joinBlock(node, boardroom.threshold, seniority, seatsFree) : null;
  return (
    <Card id="boardroom-join" title={t("boardroom.join.title")}>
      <p className="muted">{t("boardroom.join.rule", { threshold: formatToken(boardroom.threshold, 18, 0) })}</p>
      <p className="muted">{t("boardroom.join.seniorityRule", { period: formatCountdown(Number(boardroom.seniorityPeriod)) })}</p>
      {node && seniority ? (
        <>
          <FigureList
            figures={[
              {
                id: "boardroom-node-type",
                label: t("boardroom.join.nodeType"),
                value: t(`boardroom.nodeType.${NODE_TYPES[node.nodeType] ?? "ordinaryUser"}`),
                tone: node.nodeType === SENIOR_NODE ? "good" : undefined,
              },
              {
                id: "boardroom-principal",
                label: t("boardroom.join.ownPrincipal"),
                value: t("boardroom.join.principalOf", {
                  principal: formatToken(node.ownPrincipal, 18, 2),
                  threshold: formatToken(boardroom.threshold, 18, 0),
                }),
                tone: node.ownPrincipal >= boardroom.threshold ? "good" : "warn",
              },
            ]}
          />
          <SeniorityLine seniority={seniority} now={now} />
          <p className={block === "director" ? "boardroom-ok" : "muted"} data-testid="boardroom-join-reason">
            {block
              ? t(`boardroom.join.block.${block}`, { max: boardroom.maxDirectors.toString() })
              : t("boardroom.join.eligible")}
          </p>
          <WalletGate>
            {block !== "director" ? (
              <button
                type="button"
                className="btn btn--primary btn--block"
                disabled={block !== null || tx.busy}
                onClick={() => void tx.run("joinDirector", () => writeContractAsync({}))}
                data-testid="boardroom-join"
              >
                {t("boardroom.join.submit")}
              </button>
            ) : (
              <LeaveButton tx={leaveTx} />
            )}
          </WalletGate>
          <BoardroomTxStatus state={tx.state} testId="boardroom-join-status" />
          <BoardroomTxStatus state={leaveTx.state} testId="boardroom-leave-status" />
        </>
      ) : (
        <p className="muted">{t("protocol.wallet.connectHint")}</p>
      )}
    </Card>
  );
}
