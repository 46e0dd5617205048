import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import { cspDirectives, type CspSources } from "./content-security-policy";

/** One year: long enough to count, as browsers' preload lists ask. */
export const HSTS = "max-age=31536000";

/**
 * The headers every reply carries (ADR-0144, "Web server and proxies"): the Content-Security-Policy,
 * nosniff, no Referer, no framing, and HSTS only on a request that came over TLS, as this
 * server's TLS listener or a trusted proxy's X-Forwarded-Proto says. Plain http on a developer's
 * machine must never be told to insist on https.
 */
export async function securityHeaders(web: FastifyInstance, sources: CspSources, scriptHashes: readonly string[] = []) {
  await web.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(sources, scriptHashes) },
    strictTransportSecurity: false,
    referrerPolicy: { policy: "no-referrer" },
    xFrameOptions: { action: "deny" },
    // Some wallets sign in a popup that reports back to its opener.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  });
  web.addHook("onRequest", async (request, reply) => {
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
  });
}
