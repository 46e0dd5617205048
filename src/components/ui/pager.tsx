import { useTranslation } from "react-i18next";
import "./form.css";

/** Previous / next for a paged list (`{total, page, limit}` of the API). */
export function Pager({
  page,
  limit,
  total,
  onPage,
}: {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t("common.pagination")}>
      <button type="button" className="btn btn--link" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("common.previous")}
      </button>
      <span>{t("common.pageOf", { page, pages })}</span>
      <button type="button" className="btn btn--link" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("common.next")}
      </button>
    </nav>
  );
}
