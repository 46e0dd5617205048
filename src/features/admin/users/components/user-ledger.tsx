import { useTranslation } from "react-i18next";
import { formatDate } from "@/lib/format-date";
import { ConsoleList } from "../../components/console-list";
import { SelectField } from "../../components/select-field";
import { useListState } from "../../hooks/use-list-state";
import { type LedgerCurrency, exactAmount, signedAmount } from "../../utils/money";
import { useUserLedger } from "../api/get-user-ledger";

const CURRENCIES: readonly LedgerCurrency[] = ["CNY", "USDT", "WUSDT", "DEBT"];

/** A user's ledger: every change of every balance, newest first, by currency. */
export function UserLedger({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const list = useListState<{ currency: LedgerCurrency | "" }>({ currency: "" });
  const query = useUserLedger(userId, list.page, list.filters.currency);
  return (
    <ConsoleList
      id={`ledger-${userId}`}
      title={t("console.users.ledger")}
      query={query}
      onPage={list.setPage}
      tools={
        <SelectField
          label={t("console.adjust.currency")}
          value={list.filters.currency}
          anyLabel={t("console.filter.any")}
          options={CURRENCIES.map((c) => ({ value: c, label: t(`console.currency.${c}`) }))}
          onChange={(v) => list.setFilter("currency", v)}
        />
      }
      renderItem={(entry) => (
        <li key={entry.id} className="console-ledger">
          <span className="muted">{formatDate(entry.createdAt, true)}</span>
          <span>
            {entry.kind}
            {entry.ref ? <span className="muted mono"> {entry.ref}</span> : null}
          </span>
          <span className="mono">
            {signedAmount(entry.currency, entry.delta)} {entry.currency}
          </span>
          <span className="muted mono">→ {exactAmount(entry.currency, entry.balanceAfter)}</span>
        </li>
      )}
    />
  );
}
