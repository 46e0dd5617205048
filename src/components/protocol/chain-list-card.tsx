import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { Empty } from "@/components/ui/empty";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";

/**
 * A card listing the account's items read from chain (stakes, bond notes): loading, failed
 * (kept showing the last items when a refetch fails) and empty states, then one `<li>` per
 * item. `footer` goes under the list, e.g. the list's transaction status.
 */
export function ChainListCard<T>({
  id,
  title,
  items,
  isError,
  onRetry,
  retrying,
  testId,
  renderItem,
  footer,
}: {
  id: string;
  title: string;
  /** Undefined while loading. */
  items: readonly T[] | undefined;
  isError: boolean;
  onRetry: () => void;
  retrying: boolean;
  testId: string;
  renderItem: (item: T) => ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card id={id} title={title}>
      {isError && !items ? (
        <LoadError onRetry={onRetry} busy={retrying} />
      ) : !items ? (
        <PageSpinner />
      ) : items.length === 0 ? (
        <Empty />
      ) : (
        <ul className="protocol-list" data-testid={testId}>
          {items.map(renderItem)}
        </ul>
      )}
      {footer}
    </Card>
  );
}
