import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from "fastify";
import { apiProxy } from "./api-proxy";
import { firstScreen } from "./first-screen";
import { loadFirstScreenRenderer } from "./first-screen-bundle";
import { builtInlineScriptHashes } from "./inline-scripts";
import type { WebConfig } from "./config";
import { guardedServer } from "./request-target";
import { securityHeaders } from "./security-headers";
import { staticFiles } from "./static-files";
import { Upstreams } from "./upstreams";

/** Where the API lives on this origin; everything under it goes to the API, nothing else does. */
export const API_PREFIX = "/base/api";

/**
 * The production web server (ADR-0144, "Web server and proxies"): the built app and the API behind
 * one origin. It imports nothing of the API and the API nothing of it: they meet over HTTP.
 */
export async function buildWebServer(config: WebConfig, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const options = {
    logger: opts.logger === false ? false : { level: config.logLevel },
    // Its own proxies (a TLS terminator in front), not the API's: by default none, so the
    // client's address is the connection's and its X-Forwarded-* headers are ignored.
    trustProxy: config.trustProxy,
    logController: new LogController({ disableRequestLogging: true }),
    // It faces clients directly: a request that trickles in for longer is dropped (Fastify's
    // default is no limit; five minutes still carries the largest upload over a slow phone link).
    requestTimeout: 300_000,
  } satisfies FastifyServerOptions;
  // Every request target is checked before Fastify routes it (request-target.ts); the factory
  // also makes the TLS listener when one is configured.
  const web = Fastify({
    ...options,
    serverFactory: guardedServer(config.tls, { requestTimeout: options.requestTimeout }),
  }) as unknown as FastifyInstance;
  // The build's inline scripts, read once: a new build is served by a restarted server.
  await securityHeaders(web, config.csp, builtInlineScriptHashes(config.root));
  const upstreams = new Upstreams(config.apiUpstreams, {
    onDown: (url, reason) => web.log.warn({ upstream: url, reason }, "API upstream down"),
    onUp: (url) => web.log.info({ upstream: url }, "API upstream up"),
  });
  upstreams.startProbing();
  web.addHook("onClose", async () => upstreams.stop());
  await web.register(async (api) => apiProxy(api, { upstreams, prefix: API_PREFIX }));
  // The landing pages' first screens, drawn by the build's renderer (none in a build without it).
  const render = await loadFirstScreenRenderer(config.root);
  await web.register(async (screens) => firstScreen(screens, { render, upstreams, apiPrefix: API_PREFIX }));
  await web.register(async (files) => staticFiles(files, { root: config.root, apiPrefix: API_PREFIX }));
  await web.ready();
  return web;
}
