import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "@/components/ui/text-field";
import { formatDate } from "@/lib/format-date";
import { ConsoleList } from "../../components/console-list";
import { Facts } from "../../components/facts";
import { useListState } from "../../hooks/use-list-state";
import { type AreaProps, holdsAny } from "../../utils/areas";
import { exactAmount } from "../../utils/money";
import { type AdminUser, useUserSearch } from "../api/search-users";
import { AdjustBalanceForm } from "./adjust-balance-form";
import { UserLedger } from "./user-ledger";

/** Users (reviewer or treasurer): find one, read their balances and ledger; a treasurer asks for adjustments. */
export function UsersPage({ me }: AreaProps) {
  const { t } = useTranslation();
  const list = useListState({ q: "" });
  const [draft, setDraft] = useState("");
  const query = useUserSearch(list.filters.q, list.page);
  const canAdjust = holdsAny(me.roles, "treasurer");
  return (
    <>
      <form
        className="card console-section console-filter-form"
        role="search"
        aria-label={t("console.users.search")}
        onSubmit={(e) => {
          e.preventDefault();
          list.setFilter("q", draft.trim());
        }}
      >
        <TextField
          label={t("console.users.search")}
          hint={t("console.users.searchHint")}
          value={draft}
          spellCheck={false}
          autoComplete="off"
          data-testid="users-q"
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="btn btn--primary" data-testid="users-search">
          {t("console.users.find")}
        </button>
      </form>
      {list.filters.q ? (
        <ConsoleList
          id="users"
          title={t("console.users.results")}
          query={query}
          onPage={list.setPage}
          renderItem={(user) => <UserItem key={user.id} user={user} canAdjust={canAdjust} />}
        />
      ) : null}
    </>
  );
}

function UserItem({ user, canAdjust }: { user: AdminUser; canAdjust: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<"ledger" | "adjust" | null>(null);
  const toggle = (what: "ledger" | "adjust") => setOpen(open === what ? null : what);
  return (
    <li className="console-item" data-testid={`user-${user.id}`} data-address={user.address}>
      <div className="console-item__head">
        <strong>#{user.id}</strong>
        <span className="mono">{user.address}</span>
      </div>
      <Facts
        items={[
          [t("console.users.email"), user.email],
          [t("console.users.invitationCode"), user.invitationCode],
          [
            t("console.users.registeredAt"),
            user.registeredAt ? formatDate(user.registeredAt, true) : t("console.users.notRegistered"),
          ],
          [t("console.currency.CNY"), <span className="mono">{exactAmount("CNY", user.amountCny)}</span>],
          [
            t("console.currency.USDT"),
            <span className="mono" data-testid={`user-${user.id}-usdt`}>
              {exactAmount("USDT", user.amountUsdt)}
            </span>,
          ],
          [t("console.currency.WUSDT"), <span className="mono">{exactAmount("WUSDT", user.withdrawUsdt)}</span>],
          [
            t("console.currency.DEBT"),
            user.debtUsdt === "0" ? null : <span className="mono">{exactAmount("DEBT", user.debtUsdt)}</span>,
          ],
        ]}
      />
      <div className="console-actions">
        <button type="button" className="btn btn--secondary" aria-expanded={open === "ledger"} onClick={() => toggle("ledger")}>
          {t("console.users.ledger")}
        </button>
        {canAdjust ? (
          <button
            type="button"
            className="btn btn--secondary"
            aria-expanded={open === "adjust"}
            onClick={() => toggle("adjust")}
            data-testid={`user-${user.id}-adjust`}
          >
            {t("console.adjust.title")}
          </button>
        ) : null}
      </div>
      {open === "ledger" ? <UserLedger userId={user.id} /> : null}
      {open === "adjust" ? <AdjustBalanceForm userId={user.id} onDone={() => setOpen(null)} /> : null}
    </li>
  );
}
