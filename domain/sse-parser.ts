/*
 * A parser of server-sent events (the HTML standard's "event stream interpretation"), for a
 * stream read with `fetch`: EventSource cannot send the session header. No maintained parser is
 * among the project's packages, so this one follows the standard's rules line by line: lines end
 * in CRLF, LF or CR (a CR at a chunk's end may be half of a CRLF), one leading BOM is dropped,
 * a field's value loses one leading space, `data` lines join with LF, an `id` with NUL is
 * ignored, `retry` takes digits only, a blank line dispatches (nothing when no data came), and
 * an event not ended by a blank line when the stream ends is dropped.
 */

export interface SseMessage {
  /** The last event ID as the standard keeps it: it carries over to later events without an `id`. */
  id: string;
  /** `message` when the event named none. */
  event: string;
  data: string;
}

export interface SseHandlers {
  message(m: SseMessage): void;
  retry?(ms: number): void;
  /** A comment line (the server's heartbeat). */
  comment?(text: string): void;
}

export interface SseParser {
  /** Feeds decoded text (a TextDecoder with `stream: true` keeps multi-byte characters whole). */
  feed(chunk: string): void;
}

export function createSseParser(h: SseHandlers): SseParser {
  let pending = "";
  let started = false;
  let afterCr = false;
  let data: string[] = [];
  let event = "";
  let lastId = "";

  const dispatch = () => {
    const lines = data;
    const name = event;
    data = [];
    event = "";
    if (lines.length === 0) return;
    h.message({ id: lastId, event: name || "message", data: lines.join("\n") });
  };

  const line = (text: string) => {
    if (text === "") return dispatch();
    if (text.startsWith(":")) return h.comment?.(text.slice(1));
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") data.push(value);
    else if (field === "event") event = value;
    else if (field === "id") {
      if (!value.includes("\0")) lastId = value;
    } else if (field === "retry") {
      if (/^\d+$/.test(value)) h.retry?.(Number(value));
    }
  };

  return {
    feed(chunk: string) {
      let text = chunk;
      if (!started && text.length > 0) {
        started = true;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      if (afterCr && text.startsWith("\n")) text = text.slice(1);
      afterCr = false;
      const all = pending + text;
      let start = 0;
      for (let i = 0; i < all.length; i++) {
        const c = all.charCodeAt(i);
        if (c !== 10 && c !== 13) continue;
        line(all.slice(start, i));
        if (c === 13) {
          if (i + 1 < all.length) {
            if (all.charCodeAt(i + 1) === 10) i++;
          } else afterCr = true;
        }
        start = i + 1;
      }
      pending = all.slice(start);
    },
  };
}
