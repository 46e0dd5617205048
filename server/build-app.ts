import Fastify, { type FastifyInstance, LogController } from "fastify";
import { app, type AppOptions } from "./app";

/** A Fastify instance with the API registered and ready (used by `server.ts`, tests and benches). */
export async function buildApp(opts: AppOptions & { logger?: boolean }): Promise<FastifyInstance> {
  const fastify = Fastify({
    logger: opts.logger === false ? false : { level: opts.config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    // Errors are logged by the error handler; a log line per request is noise at this volume.
    logController: new LogController({ disableRequestLogging: true }),
  });
  await fastify.register(app, opts);
  await fastify.ready();
  return fastify;
}
