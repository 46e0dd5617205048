import { AUDIT_ACTIONS } from "@domain/audit-actions";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "@/components/ui/text-field";
import { formatDate } from "@/lib/format-date";
import { ConsoleList } from "../../components/console-list";
import { Facts } from "../../components/facts";
import { SelectField } from "../../components/select-field";
import { useListState } from "../../hooks/use-list-state";
import { type AuditEntryView, type AuditFilters, useAudit } from "../api/get-audit";

/** The audit log (any operator): who did what to what, with the state before and after; filtered on the server. */
export function AuditPage() {
  const { t } = useTranslation();
  const list = useListState<AuditFilters>({ operator: "", action: "", target: "" });
  // Typed filters apply on submit, so each keystroke does not ask the server.
  const [draft, setDraft] = useState({ operator: "", target: "" });
  const query = useAudit(list.page, list.filters);
  const apply = () => {
    list.setFilter("operator", draft.operator);
    list.setFilter("target", draft.target);
  };
  return (
    <ConsoleList
      id="audit"
      title={t("console.area.audit")}
      query={query}
      onPage={list.setPage}
      tools={
        <form
          className="console-filter-form"
          role="search"
          aria-label={t("console.audit.filters")}
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <TextField
            label={t("console.audit.operator")}
            value={draft.operator}
            placeholder="0x…"
            spellCheck={false}
            data-testid="audit-operator"
            onChange={(e) => setDraft({ ...draft, operator: e.target.value })}
          />
          <SelectField
            label={t("console.audit.action")}
            value={list.filters.action}
            anyLabel={t("console.filter.any")}
            options={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`console.action.${a}`) }))}
            onChange={(v) => list.setFilter("action", v)}
            testId="audit-action"
          />
          <TextField
            label={t("console.audit.target")}
            value={draft.target}
            placeholder="user:12"
            spellCheck={false}
            data-testid="audit-target"
            onChange={(e) => setDraft({ ...draft, target: e.target.value })}
          />
          <button type="submit" className="btn btn--secondary" data-testid="audit-apply">
            {t("console.filter.apply")}
          </button>
        </form>
      }
      renderItem={(entry) => <AuditItem key={entry.id} entry={entry} />}
    />
  );
}

function AuditItem({ entry }: { entry: AuditEntryView }) {
  const { t } = useTranslation();
  return (
    <li className="console-item" data-testid="audit-entry" data-action={entry.action} data-operator={entry.operator}>
      <div className="console-item__head">
        <strong>{t(`console.action.${entry.action}`, { defaultValue: entry.action })}</strong>
        <span className="muted">{formatDate(entry.createdAt, true)}</span>
      </div>
      <Facts
        items={[
          [t("console.audit.operator"), <span className="mono">{entry.operator}</span>],
          [t("console.audit.target"), entry.target ? <span className="mono">{entry.target}</span> : null],
          [t("console.audit.client"), entry.clientAddress],
        ]}
      />
      {entry.beforeJson || entry.afterJson ? (
        <details className="console-details">
          <summary>{t("console.audit.changes")}</summary>
          {entry.beforeJson ? <JsonBlock label={t("console.audit.before")} json={entry.beforeJson} /> : null}
          {entry.afterJson ? <JsonBlock label={t("console.audit.after")} json={entry.afterJson} /> : null}
        </details>
      ) : null}
    </li>
  );
}

function JsonBlock({ label, json }: { label: string; json: string }) {
  let text = json;
  try {
    text = JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    // Shown as recorded.
  }
  return (
    <>
      <p className="console-details__label">{label}</p>
      {/* Focusable, so a keyboard can scroll a long record. */}
      <pre className="console-json" tabIndex={0} role="region" aria-label={label}>
        {text}
      </pre>
    </>
  );
}
