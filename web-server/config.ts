import fs from "node:fs";
import { z } from "zod";
import { parseTrustProxy } from "../domain/trust-proxy";

const trustProxy = z
  .string()
  .default("0")
  .transform((text, ctx) => {
    try {
      return parseTrustProxy(text);
    } catch (err) {
      ctx.addIssue({ code: "custom", message: (err as Error).message });
      return z.NEVER;
    }
  });

const optionalUrl = z.union([z.literal(""), z.string().url()]).default("");

/** `API_UPSTREAMS`: comma-separated http(s) origins of the API processes; empty when unset. */
const upstreamList = z
  .string()
  .default("")
  .transform((text, ctx) => {
    const urls = text
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    for (const url of urls) {
      if (!/^https?:\/\/[^/?#]+\/?$/.test(url) || !URL.canParse(url)) {
        ctx.addIssue({ code: "custom", message: `not an http(s) origin: ${url}` });
        return z.NEVER;
      }
    }
    return urls.map((url) => url.replace(/\/+$/, ""));
  });

/**
 * The web server's configuration, parsed once from the environment: a bad value fails at start.
 * The `VITE_*` values are the ones the app was built with (the stack passes the same to both);
 * the Content-Security-Policy allows exactly the origins they name.
 */
const envSchema = z.object({
  WEB_HOST: z.string().default("127.0.0.1"),
  WEB_PORT: z.coerce.number().int().min(0).max(65535).default(5173),
  /** The built web app (`vite build`'s output, with its .br/.gz copies). */
  WEB_OUT_DIR: z.string().default("dist"),
  /** Proxies in front of this server (a TLS terminator): a hop count or addresses; default none. */
  WEB_TRUST_PROXY: trustProxy,
  /** PEM files of a TLS listener; both or neither. */
  WEB_TLS_CERT_FILE: z.string().optional(),
  WEB_TLS_KEY_FILE: z.string().optional(),
  API_HOST: z.string().default("127.0.0.1"),
  API_PORT: z.coerce.number().int().min(1).max(65535).default(8787),
  /** Where `/base/api` goes; default: the API on this machine (API_HOST, API_PORT). */
  API_PROXY_TARGET: optionalUrl,
  /** Several API processes, e.g. `http://127.0.0.1:8787,http://127.0.0.1:8788`; overrides the above. */
  API_UPSTREAMS: upstreamList,
  VITE_RPC_URL: z.string().url().default("http://127.0.0.1:8545"),
  VITE_API_BASE: optionalUrl,
  VITE_WALLETCONNECT_PROJECT_ID: z.string().default(""),
  WEB_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type WebConfig = ReturnType<typeof loadWebConfig>;

export function loadWebConfig(env: NodeJS.ProcessEnv = process.env, overrides: Record<string, string> = {}) {
  const parsed = envSchema.safeParse({ ...env, ...overrides });
  if (!parsed.success) throw new Error(`Invalid web server configuration: ${z.prettifyError(parsed.error)}`);
  const e = parsed.data;
  if (Boolean(e.WEB_TLS_CERT_FILE) !== Boolean(e.WEB_TLS_KEY_FILE)) {
    throw new Error("Invalid web server configuration: set both WEB_TLS_CERT_FILE and WEB_TLS_KEY_FILE, or neither");
  }
  // A wildcard listen address is not one to connect to: the API is then reachable on loopback.
  const apiHost = ["0.0.0.0", "::", ""].includes(e.API_HOST) ? "127.0.0.1" : e.API_HOST;
  return {
    host: e.WEB_HOST,
    port: e.WEB_PORT,
    root: e.WEB_OUT_DIR,
    trustProxy: e.WEB_TRUST_PROXY,
    tls:
      e.WEB_TLS_CERT_FILE && e.WEB_TLS_KEY_FILE
        ? { cert: fs.readFileSync(e.WEB_TLS_CERT_FILE), key: fs.readFileSync(e.WEB_TLS_KEY_FILE) }
        : null,
    apiUpstreams:
      e.API_UPSTREAMS.length > 0
        ? e.API_UPSTREAMS
        : [
            (e.API_PROXY_TARGET || `http://${apiHost.includes(":") ? `[${apiHost}]` : apiHost}:${e.API_PORT}`).replace(
              /\/+$/,
              "",
            ),
          ],
    csp: {
      rpcUrl: e.VITE_RPC_URL,
      apiBase: e.VITE_API_BASE || null,
      walletConnect: e.VITE_WALLETCONNECT_PROJECT_ID !== "",
    },
    logLevel: e.WEB_LOG_LEVEL,
  };
}
