import { useTranslation } from "react-i18next";
import { LoadError } from "@/components/ui/load-error";
import { SafeHtml } from "@/components/ui/safe-html";
import { PageSpinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/format-date";
import { useNotice } from "../api/get-notice";
import "./notices.css";

/** One notice; its HTML is sanitised before it is shown. */
export function NoticeDetail({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const query = useNotice(id);
  if (id === null) return <p className="alert">{t("notices.notFound")}</p>;
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} busy={query.isFetching} />;
  const notice = query.data;
  return (
    <article className="card" aria-labelledby="notice-title" data-testid="notice-detail">
      <h2 id="notice-title" className="notice-detail__title">
        {notice.title}
      </h2>
      <p className="muted notice-detail__date">
        <time dateTime={new Date(notice.publishedAt).toISOString()}>{formatDate(notice.publishedAt, true)}</time>
      </p>
      <SafeHtml html={notice.contentHtml} testId="notice-content" />
    </article>
  );
}
