/**
 * Where a stream stands: the last seq sent of the user's own events and of everyone's. Sent as
 * every event's `id` (`<user>-<all>`), so a client resuming with `Last-Event-ID` names both.
 */
export interface StreamCursor {
  user: bigint;
  all: bigint;
}

export const formatCursor = (c: StreamCursor) => `${c.user}-${c.all}`;

/** The cursor of a `Last-Event-ID` (its format is checked by the route's schema); null when absent. */
export function parseCursor(text: string | undefined): StreamCursor | null {
  const match = text === undefined ? null : /^(\d{1,18})-(\d{1,18})$/.exec(text);
  return match ? { user: BigInt(match[1]!), all: BigInt(match[2]!) } : null;
}

/** One SSE message: the data is one line of JSON (JSON.stringify writes no raw line break). */
export const sseFrame = (event: string, id: string, data: string) => `id: ${id}\nevent: ${event}\ndata: ${data}\n\n`;
