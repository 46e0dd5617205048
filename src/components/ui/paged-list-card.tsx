import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { Paged } from "@/types/paged";
import { LoadState } from "./load-state";
import { Pager } from "./pager";

/**
 * A card with one paged list: loading, failed and empty states, the page's items and the pager.
 * The caller keeps the page number (its query depends on it); a failed refetch keeps the page shown.
 */
export function PagedListCard<T>({
  id,
  title,
  query,
  onPage,
  testId,
  renderItem,
}: {
  id: string;
  title: string;
  query: UseQueryResult<Paged<T>>;
  onPage: (page: number) => void;
  testId: string;
  /** One `<li>` with its key. */
  renderItem: (item: T, index: number) => ReactNode;
}) {
  const data = query.data;
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {title}
      </h2>
      <LoadState
        isPending={query.isPending}
        isError={query.isError && !data}
        isEmpty={data?.list.length === 0}
        onRetry={() => void query.refetch()}
      />
      {data && data.list.length > 0 ? (
        <>
          <ul className="list" data-testid={testId}>
            {data.list.map(renderItem)}
          </ul>
          <Pager page={data.page} limit={data.limit} total={data.total} onPage={onPage} />
        </>
      ) : null}
    </section>
  );
}
