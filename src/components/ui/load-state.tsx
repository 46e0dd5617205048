import { Empty } from "./empty";
import { LoadError } from "./load-error";
import { PageSpinner } from "./spinner";

/**
 * The designed states of a query's area: loading, failed (with retry) and empty. Renders
 * nothing once there is data to show, so the caller renders the content after it.
 */
export function LoadState({
  isPending,
  isError,
  isEmpty,
  onRetry,
  emptyText,
}: {
  isPending: boolean;
  isError: boolean;
  isEmpty?: boolean;
  onRetry: () => void;
  emptyText?: string;
}) {
  if (isPending) return <PageSpinner />;
  if (isError) return <LoadError onRetry={onRetry} />;
  if (isEmpty) return <Empty text={emptyText} />;
  return null;
}
