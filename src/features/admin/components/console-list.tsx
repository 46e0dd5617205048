import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LoadState } from "@/components/ui/load-state";
import { Pager } from "@/components/ui/pager";
import type { Paged } from "@/types/paged";

/**
 * One area's server-paged list: its title, filters (`tools`), states, the page's items and the
 * pager. The page is kept by the caller, whose query depends on it; a refetch keeps the page shown.
 */
export function ConsoleList<T>({
  id,
  title,
  tools,
  query,
  onPage,
  renderItem,
}: {
  id: string;
  title: string;
  tools?: ReactNode;
  query: UseQueryResult<Paged<T>>;
  onPage: (page: number) => void;
  /** One `<li>` with its key. */
  renderItem: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const data = query.data;
  return (
    <section className="card console-section" aria-labelledby={`${id}-title`}>
      <div className="console-section__head">
        <h2 id={`${id}-title`} className="card__title">
          {title}
        </h2>
        {data ? (
          <span className="muted" data-testid={`${id}-total`}>
            {t("console.total", { count: data.total })}
          </span>
        ) : null}
      </div>
      {tools ? <div className="console-filters">{tools}</div> : null}
      <LoadState
        isPending={query.isPending}
        isError={query.isError && !data}
        isEmpty={data?.list.length === 0}
        onRetry={() => void query.refetch()}
      />
      {data && data.list.length > 0 ? (
        <>
          <ul className="console-items" data-testid={`${id}-list`} aria-busy={query.isFetching}>
            {data.list.map(renderItem)}
          </ul>
          <Pager page={data.page} limit={data.limit} total={data.total} onPage={onPage} />
        </>
      ) : null}
    </section>
  );
}
