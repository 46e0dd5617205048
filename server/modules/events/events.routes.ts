import type { FastifyInstance } from "fastify";
import { EventHub } from "./event-hub";
import getEventStreamRoute from "./get-event-stream.route";

/**
 * The events module's call, registered under /base/api, with this process's hub of open
 * streams: started with the app, and closed before the server stops listening, since an open
 * stream would otherwise hold the close until its client left.
 */
export default async function eventsRoutes(api: FastifyInstance) {
  const { config } = api;
  const hub = new EventHub({
    db: api.db,
    sessionStore: api.sessionStore,
    perUser: config.eventStreamsPerUser,
    perProcess: config.eventStreamsPerProcess,
    heartbeatMs: config.eventHeartbeatMs,
    log: api.log.child({ module: "events" }),
  });
  await hub.start();
  api.addHook("preClose", () => hub.close());
  await api.register(getEventStreamRoute, { hub });
}
