import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Empty } from "@/components/ui/empty";
import { LoadError } from "@/components/ui/load-error";
import { LoadMore } from "@/components/ui/load-more";
import { PageSpinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/format-date";
import { useNotices } from "../api/get-notices";
import { noticeHref } from "./notice-href";
import "./notices.css";

/** The notice list: newest first, pages of 10, unread ones marked. */
export function NoticeList() {
  const { t } = useTranslation();
  const query = useNotices();
  const notices = query.data?.pages.flatMap((p) => p.list) ?? [];

  if (query.isPending) return <PageSpinner />;
  if (query.isError && notices.length === 0) return <LoadError onRetry={() => void query.refetch()} busy={query.isFetching} />;
  if (notices.length === 0)
    return (
      <div className="card">
        <Empty />
      </div>
    );
  return (
    <section className="card" aria-label={t("notices.title")}>
      <ul className="notice-list" data-testid="notice-list">
        {notices.map((notice) => (
          <li key={notice.id} className="notice-item" data-testid="notice-item" data-read={notice.read ? "true" : "false"}>
            <Link to={noticeHref(notice.id)} className="notice-item__link">
              <span className="notice-item__head">
                {notice.read === false ? <span className="notice-item__dot" role="img" aria-label={t("notices.unread")} /> : null}
                <span className="notice-item__title">{notice.title}</span>
              </span>
              <span className="notice-item__summary">{notice.summary}</span>
              <time className="notice-item__date" dateTime={new Date(notice.publishedAt).toISOString()}>
                {formatDate(notice.publishedAt)}
              </time>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onMore={() => void query.fetchNextPage()}
        testId="notices-more"
      />
    </section>
  );
}
