import { APPROVAL_DECIDER, APPROVAL_STATUSES, approvalKindsFor } from "@domain/approval-kinds";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatDate } from "@/lib/format-date";
import { toast } from "@/lib/toast";
import { ConsoleList } from "../../components/console-list";
import { Facts } from "../../components/facts";
import { SelectField } from "../../components/select-field";
import { useListState } from "../../hooks/use-list-state";
import type { AreaProps } from "../../utils/areas";
import { exactAmount, signedAmount } from "../../utils/money";
import { useDecideApproval } from "../api/decide-approval";
import { type ApprovalItem, type ApprovalKind, type ApprovalStatus, useApprovals } from "../api/get-approvals";

/**
 * Requests that wait for a second operator: balance adjustments and large withdrawal retries (a
 * treasurer decides), grants of treasurer or admin and revocations of admin (an admin decides;
 * both show the wallet, the role and whether it is granted or revoked). The server lists only the
 * kinds the operator's roles decide, and the kind filter offers only those.
 */
export function ApprovalsPage({ me }: AreaProps) {
  const { t } = useTranslation();
  const list = useListState<{ status: ApprovalStatus | ""; kind: ApprovalKind | "" }>({ status: "pending", kind: "" });
  const query = useApprovals(list.page, list.filters);
  return (
    <ConsoleList
      id="approvals"
      title={t("console.area.approvals")}
      query={query}
      onPage={list.setPage}
      tools={
        <>
          <SelectField
            label={t("console.filter.status")}
            value={list.filters.status}
            anyLabel={t("console.filter.any")}
            options={APPROVAL_STATUSES.map((s) => ({ value: s, label: t(`console.approvals.status.${s}`) }))}
            onChange={(v) => list.setFilter("status", v)}
            testId="approvals-status-filter"
          />
          <SelectField
            label={t("console.approvals.kind")}
            value={list.filters.kind}
            anyLabel={t("console.filter.any")}
            options={approvalKindsFor(me.roles).map((k) => ({ value: k, label: t(`console.action.${k}`) }))}
            onChange={(v) => list.setFilter("kind", v)}
          />
        </>
      }
      renderItem={(item) => (
        <ApprovalEntry key={item.id} item={item} mine={item.requestedBy.toLowerCase() === me.operator.toLowerCase()} />
      )}
    />
  );
}

function ApprovalEntry({ item, mine }: { item: ApprovalItem; mine: boolean }) {
  const { t } = useTranslation();
  const decide = useDecideApproval();
  const adjust = item.balanceAdjust;
  const retry = item.withdrawRetry;
  const grant = item.roleGrant;
  const revoke = item.roleRevoke;
  const role = grant ?? revoke;
  const tone = item.status === "pending" ? "pending" : item.status;
  const run = (decision: "approve" | "reject") =>
    decide.mutate({ id: item.id, decision }, { onSuccess: () => toast.success(t(`console.approvals.done.${decision}`)) });
  return (
    <li className="console-item" data-testid={`approval-${item.id}`} data-status={item.status}>
      <div className="console-item__head">
        <strong>
          #{item.id} {t(`console.action.${item.kind}`)}
        </strong>
        <StatusBadge tone={tone}>{t(`console.approvals.status.${item.status}`)}</StatusBadge>
      </div>
      <Facts
        items={[
          [t("console.field.userId"), adjust?.userId ?? retry?.userId],
          [
            t("console.approvals.change"),
            adjust
              ? `${signedAmount(adjust.currency, adjust.delta)} ${adjust.currency}`
              : role
                ? t(grant ? "console.approvals.grantRole" : "console.approvals.revokeRole")
                : null,
          ],
          [t("console.approvals.reason"), adjust?.reason],
          [t("console.withdrawals.id"), retry?.withdrawalId],
          [t("console.withdrawals.amount"), retry ? `${exactAmount("USDT", retry.amount)} USDT` : null],
          [t("console.withdrawals.address"), retry ? <span className="mono">{retry.address}</span> : null],
          [t("console.field.wallet"), role ? <span className="mono">{role.address}</span> : null],
          [t("console.field.role"), role ? t(`console.role.${role.role}`) : null],
          [t("console.approvals.requestedBy"), <span className="mono">{item.requestedBy}</span>],
          [t("console.approvals.requestedAt"), formatDate(item.requestedAt, true)],
          [t("console.approvals.decidedBy"), item.decidedBy ? <span className="mono">{item.decidedBy}</span> : null],
          [t("console.approvals.decidedAt"), item.decidedAt ? formatDate(item.decidedAt, true) : null],
        ]}
      />
      {item.status === "pending" ? (
        <>
          {mine ? (
            <p className="muted console-note" data-testid={`approval-${item.id}-waiting`}>
              {t(
                APPROVAL_DECIDER[item.kind] === "admin"
                  ? "console.approvals.waitingForSecondAdmin"
                  : "console.approvals.waitingForSecond",
              )}
            </p>
          ) : null}
          <div className="console-actions">
            {mine ? null : (
              <button
                type="button"
                className="btn btn--primary"
                disabled={decide.isPending}
                onClick={() => run("approve")}
                data-testid={`approval-${item.id}-approve`}
              >
                {t("console.approvals.approve")}
              </button>
            )}
            <button
              type="button"
              className="btn btn--danger"
              disabled={decide.isPending}
              onClick={() => run("reject")}
              data-testid={`approval-${item.id}-reject`}
            >
              {t("console.approvals.reject")}
            </button>
          </div>
        </>
      ) : null}
    </li>
  );
}
