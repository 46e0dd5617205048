import path from "node:path";
import { z } from "zod";

/** Server configuration, parsed once from the environment: a bad value fails at start, loudly. */
const envSchema = z.object({
  API_HOST: z.string().default("127.0.0.1"),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  DATA_DIR: z.string().default(".data"),
  /** PostgreSQL connection string; when absent the SQLite file `${DATA_DIR}/app.sqlite` is used. */
  DATABASE_URL: z.string().optional(),
  SQLITE_FILE: z.string().optional(),
  CHAIN_ID: z.coerce.number().int().positive().default(31337),
  CHAIN_RPC_URL: z.string().url().default("http://127.0.0.1:8545"),
  /** Host[:port] values a Sign-In with Ethereum message may name: the web app's origins. */
  SIWE_DOMAINS: z.string().default("127.0.0.1:5173,localhost:5173"),
  SIWE_NONCE_TTL_SECONDS: z.coerce.number().int().positive().default(300),
  SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(7 * 24 * 3600),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  DEPLOYMENTS_FILE: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type AppConfig = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Record<keyof z.infer<typeof envSchema>, string>> = {}) {
  const parsed = envSchema.safeParse({ ...env, ...overrides });
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`);
  }
  const e = parsed.data;
  return {
    host: e.API_HOST,
    port: e.API_PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    sqliteFile: e.SQLITE_FILE ?? path.join(e.DATA_DIR, "app.sqlite"),
    chainId: e.CHAIN_ID,
    rpcUrl: e.CHAIN_RPC_URL,
    siweDomains: e.SIWE_DOMAINS.split(",").map((d) => d.trim()).filter(Boolean),
    nonceTtlMs: e.SIWE_NONCE_TTL_SECONDS * 1000,
    sessionTtlMs: e.SESSION_TTL_SECONDS * 1000,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    deploymentsFile: e.DEPLOYMENTS_FILE ?? path.join(e.DATA_DIR, "deployments.json"),
    logLevel: e.LOG_LEVEL,
  };
}
