import { z } from "zod";
import { amountString } from "./envelope";

/*
 * The live-update stream, GET /base/api/user/events (text/event-stream): the events it pushes,
 * by name (the SSE `event:` field), each with its JSON `data`. The server writes them in the
 * transaction of the change they report; the web app parses them with these schemas and
 * refreshes what each one changes.
 */

const recordId = z.string().regex(/^\d+$/);

export const eventData = {
  /** A recharge on its way: `waiting` (its payment no longer seen), `confirming` x of N, `credited`. */
  recharge: z.object({
    recordId,
    status: z.enum(["waiting", "confirming", "credited"]),
    /** Blocks deep, and how deep it must be to be credited: null once credited, or when no payment is seen. */
    confirmations: z.number().int().min(0).nullable(),
    required: z.number().int().min(0).nullable(),
  }),
  /** A withdrawal's payout: `sent` (signed and broadcast), `confirmed` (mined), `failed` (refunded), `requeued` (sent again later). */
  payout: z.object({
    recordId,
    status: z.enum(["sent", "confirmed", "failed", "requeued"]),
    txHash: z.string().nullable(),
  }),
  /** A balance moved; `balance` is the currency's balance after the change, in minor units. */
  balance: z.object({ currency: z.enum(["CNY", "USDT", "WUSDT", "DEBT"]), balance: amountString }),
  /** A lottery round was drawn (everyone's). */
  lottery: z.object({ round: z.string().regex(/^\d+$/), status: z.literal("drawn") }),
} as const;

export type EventName = keyof typeof eventData;
export type EventData<N extends EventName> = z.infer<(typeof eventData)[N]>;
export type StreamEvent = { [N in EventName]: { name: N; data: EventData<N> } }[EventName];

/**
 * Control events of the stream itself: `ready` opens every stream (its `id` is where the stream
 * starts), `reset` says events were missed (the resumed position is older than a day, or not the
 * user's), so everything shown must be loaded afresh.
 */
export const CONTROL_EVENTS = ["ready", "reset"] as const;

/** The `Last-Event-ID` a stream resumes from: the user's seq and everyone's seq, `<user>-<all>`. */
export const lastEventId = z.string().regex(/^\d{1,18}-\d{1,18}$/, "a position the stream sent, <digits>-<digits>");

/** Headers of the stream's request: a client resuming names the last event it saw. */
export const eventStreamHeaders = z.looseObject({ "last-event-id": lastEventId.optional() });

/** Parses one pushed event by its name; null for a name or data this build does not know. */
export function parseStreamEvent(name: string, json: string): StreamEvent | null {
  if (!Object.hasOwn(eventData, name)) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = eventData[name as EventName].safeParse(value);
  return parsed.success ? ({ name, data: parsed.data } as StreamEvent) : null;
}
