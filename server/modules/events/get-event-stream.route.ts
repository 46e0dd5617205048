import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { refusalEnvelope } from "../../../domain/api/envelope";
import { eventStreamHeaders } from "../../../domain/api/events";
import { authenticate } from "../auth/authenticate.plugin";
import type { EventHub } from "./event-hub";
import { parseCursor } from "./stream-cursor";

/** How long a client waits before reconnecting after the stream drops (the SSE `retry` field). */
const RETRY_MS = 2000;

/**
 * GET /base/api/user/events: the signed-in user's live updates as server-sent events
 * (domain/api/events.ts): `ready` first, then each event with its position as `id`; a client
 * that reconnects with `Last-Event-ID` gets what it missed, from any process. Refused with 429
 * `events.tooManyStreams` past the user's limit (all processes together) and 503
 * `events.serverBusy` past this process's; the client then polls.
 */
export default async function getEventStreamRoute(app: FastifyInstance, opts: { hub: EventHub }) {
  const { hub } = opts;
  app.withTypeProvider<ZodTypeProvider>().get(
    "/user/events",
    {
      schema: {
        headers: eventStreamHeaders,
        response: {
          200: z.string().describe("text/event-stream: `id`, `event` and one line of JSON `data` per event"),
          429: refusalEnvelope,
          503: refusalEnvelope,
        },
      },
      onRequest: authenticate,
    },
    async (request, reply) => {
      const resume = parseCursor(request.headers["last-event-id"]);
      const admission = await hub.admit(BigInt(request.user.id));
      reply.hijack();
      reply.raw.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        // Never stored, never rewritten (no-transform: a proxy must not compress or buffer it),
        // and nginx-style proxies told not to buffer.
        "cache-control": "no-cache, no-store, no-transform",
        "x-accel-buffering": "no",
        "x-content-type-options": "nosniff",
      });
      reply.raw.write(`retry: ${RETRY_MS}\n\n`);
      hub.attach(admission, request.tokenHash, reply.raw, resume);
    },
  );
}
