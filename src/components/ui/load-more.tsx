import { useTranslation } from "react-i18next";
import "./load-more.css";

/** The foot of a paged list: "load more" while pages remain, then an end line. */
export function LoadMore({
  hasMore,
  loading,
  onMore,
  testId,
}: {
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!hasMore) return <p className="list-end">{t("common.noMore")}</p>;
  return (
    <button type="button" className="btn btn--secondary btn--block" onClick={onMore} disabled={loading} data-testid={testId}>
      {loading ? t("common.loading") : t("common.loadMore")}
    </button>
  );
}
