import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ApplicationStatus } from "@/components/ui/application-status";
import { LoadState } from "@/components/ui/load-state";

interface Application {
  status: "pending" | "approved" | "rejected";
  reason: string | null;
  createdAt: number;
}

/**
 * The page of an application that an operator reviews (identity, bank account): its loading
 * states, the latest application's status, then what `children` shows for it (details or form).
 */
export function ApplicationCard<A extends Application>({
  id,
  title,
  query,
  children,
}: {
  id: string;
  title: string;
  query: UseQueryResult<A | null>;
  children: (application: A | null) => ReactNode;
}) {
  const app = query.data ?? null;
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {title}
      </h2>
      <LoadState isPending={query.isPending} isError={query.isError} onRetry={() => void query.refetch()} />
      {query.isSuccess ? (
        <div className="form-stack">
          {app ? <ApplicationStatus status={app.status} reason={app.reason} createdAt={app.createdAt} /> : null}
          {children(app)}
        </div>
      ) : null}
    </section>
  );
}

/** What was applied with, as label / value pairs. */
export function ApplicationDetails({ items }: { items: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <dl className="form-stack" style={{ margin: 0 }}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="muted">{label}</dt>
          <dd style={{ margin: 0 }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
