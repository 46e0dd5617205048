import Fastify, { type FastifyInstance, LogController } from "fastify";
import { app, type AppOptions } from "./app";
import { errorHandler } from "./lib/error-handler";
import { createMetrics } from "./lib/metrics";
import { loadRefusalTexts } from "./lib/refusal-language";

/**
 * A Fastify instance with the API registered and ready (used by `server.ts`, tests and benches);
 * `metrics` on it is where the background jobs report. `logStream`: where the log lines go
 * (standard output by default).
 */
export async function buildApp(
  opts: AppOptions & { logger?: boolean; logStream?: { write(line: string): void } },
): Promise<FastifyInstance> {
  const fastify = Fastify({
    logger:
      opts.logger === false ? false : { level: opts.config.logLevel, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    bodyLimit: 1024 * 1024,
    // Only the configured proxies may name the client (X-Forwarded-For): every per-client limit
    // keys on request.ip, and a client that names itself would get a fresh allowance per call.
    trustProxy: opts.config.trustProxy,
    // Errors are logged by the error handler; a log line per request is noise at this volume.
    logController: new LogController({ disableRequestLogging: true }),
    // A malformed URL is refused before routing: the same envelope as every other refusal.
    frameworkErrors: errorHandler,
  });
  // On the root rather than inside the app plugin: the caller reports its jobs into them.
  fastify.decorate("metrics", createMetrics(opts.db));
  // On the root too: a malformed URL is refused there (frameworkErrors), in the request's language.
  fastify.decorate("refusalTexts", loadRefusalTexts());
  await fastify.register(app, opts);
  await fastify.ready();
  return fastify;
}
