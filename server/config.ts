import path from "node:path";
import { z } from "zod";
import { defaultConfirmations, defaultReorgWindow } from "../domain/chain-confirmations";
import { DEFAULT_TEAM_REWARD_RATES_PPM, parseTeamRewardRates } from "../domain/order-income";
import { parseUsdt } from "../domain/usdt-amount";
import { DEFAULT_ETH_USD, parseEthUsd } from "../domain/eth-usd-price";
import { parseTrustProxy } from "../domain/trust-proxy";
import { DEMO_ACCOUNTS } from "../domain/demo-accounts";
import { isEvmAddress } from "../domain/evm-address";
import { parseEncryptionKey } from "./lib/request-encryption";
import { eventsConfigOf, eventsEnv } from "./config-events";
import { signerSourcesOf } from "./lib/signers/signer-sources";
import type { SignerVariable } from "./lib/signers/signer-roles";
import { chainFactsConfigOf, chainFactsEnv } from "./config-chain";

/** Server configuration, parsed once from the environment: a bad value fails at start, loudly. */
const envSchema = z.object({
  API_HOST: z.string().default("127.0.0.1"),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  DATA_DIR: z.string().default(".data"),
  /** PostgreSQL connection string; when absent the SQLite file `${DATA_DIR}/app.sqlite` is used. */
  DATABASE_URL: z.string().optional(),
  SQLITE_FILE: z.string().optional(),
  /**
   * Host[:port] values a Sign-In with Ethereum message may name: the web app's hosts. Its `uri`
   * must have the origin http:// or https:// of one of them.
   */
  SIWE_DOMAINS: z
    .string()
    .default("127.0.0.1:5173,localhost:5173")
    .transform((text, ctx) => {
      const domains = text
        .split(",")
        .map((d) => d.trim())
        .filter(Boolean);
      for (const domain of domains)
        if (/[/?#@\s]/.test(domain) || !URL.canParse(`https://${domain}`))
          ctx.addIssue({ code: "custom", message: `not a host[:port]: ${domain}` });
      return domains;
    }),
  SIWE_NONCE_TTL_SECONDS: z.coerce.number().int().positive().default(300),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /** Milliseconds between passes deleting expired sessions, nonces and rate-limit windows; 0 = off. */
  SESSION_CLEANUP_INTERVAL_MS: z.coerce.number().int().min(0).default(3_600_000),
  /** How long a process holds a background job's lease without renewing it (renewed every third of it). */
  JOB_LEASE_MS: z.coerce.number().int().min(200).default(15_000),
  /**
   * Proxies whose X-Forwarded-For / -Proto the API believes: a hop count, or addresses and CIDR
   * ranges. Default: loopback, i.e. our web server on this machine (ADR-0144, "Web server and proxies").
   */
  TRUST_PROXY: z
    .string()
    .default("loopback")
    .transform((text, ctx) => {
      try {
        return parseTrustProxy(text);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
        return z.NEVER;
      }
    }),
  DEPLOYMENTS_FILE: z.string().optional(),
  /**
   * Bearer token that opens /metrics from any address; unset, only a loopback peer without
   * X-Forwarded-For gets it (ADR-0161, "Metrics for loopback or a token").
   */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  /** "1": serve the OpenAPI document and its UI at /base/api/docs; "0" (default): 404. */
  API_DOCS: z.enum(["0", "1"]).default("0"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // --- shop: settlement and team rewards
  /** Seconds between settlement passes (daily income and team rewards); 0 = no background job. */
  SETTLEMENT_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  /** Team reward rates in ppm of each income credit, level 1 (direct inviter) first: 100000 = 10 %. */
  TEAM_REWARD_RATES_PPM: z
    .string()
    .default(DEFAULT_TEAM_REWARD_RATES_PPM.join(","))
    .transform((text, ctx) => {
      try {
        return parseTeamRewardRates(text);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
        return z.NEVER;
      }
    }),
  /** Shared secret of the operator API (`x-admin-token` header); unset: every admin call is refused. */
  ADMIN_TOKEN: z.string().min(16, "ADMIN_TOKEN must be at least 16 characters").optional(),
  /**
   * Wallets that are operator admins by configuration (comma-separated 0x addresses): they grant
   * and revoke roles. Empty on the local chain (31337): Hardhat account #0.
   */
  ADMIN_ADDRESSES: z
    .string()
    .default("")
    .transform((text, ctx) => {
      const addresses = text
        .split(",")
        .map((a) => a.trim())
        .filter(Boolean);
      for (const address of addresses)
        if (!isEvmAddress(address)) ctx.addIssue({ code: "custom", message: `not a 0x address: ${address}` });
      return [...new Set(addresses.map((a) => a.toLowerCase()))];
    }),
  /**
   * A failed withdrawal's retry above this many USDT (decimal, up to 6 places, like
   * WITHDRAW_MIN_USDT) waits for a second treasurer's approval.
   */
  WITHDRAW_RETRY_APPROVAL_USDT: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,6})?$/, "a USDT amount such as 1000 or 0.5")
    .default("1000"),
  // --- assets: records, withdraw, recharge, chain jobs, request encryption
  /** Explorer page of a transaction, "{hash}" replaced (e.g. https://bscscan.com/tx/{hash}); empty: no link (local chain). */
  EXPLORER_TX_URL: z.string().max(256).default(""),
  /** Smallest withdrawal in USDT (decimal, up to 6 places). */
  WITHDRAW_MIN_USDT: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,6})?$/, "a USDT amount such as 10 or 0.5")
    .default("10"),
  /** Blocks a recharge needs before it is credited (its own counts); default per chain: 31337 → 1, 56 → 15, others 12. */
  CHAIN_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).optional(),
  /** Blocks below the head within which credits are re-checked against the canonical chain; default max(64, 4 × confirmations). */
  CHAIN_REORG_WINDOW_BLOCKS: z.coerce.number().int().min(1).max(100_000).optional(),
  CHAIN_WATCH_INTERVAL_MS: z.coerce.number().int().min(100).default(3000),
  /** Most blocks one eth_getLogs call asks for (public RPCs cap the range). */
  CHAIN_LOG_BATCH_BLOCKS: z.coerce.number().int().min(1).max(100_000).default(2000),
  PAYOUT_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
  /**
   * Seconds a payout whose nonce went to another transaction, and which the node no longer knows,
   * must stay unknown before it is sent again (a lagging or inconsistent node must not cause a double payment).
   */
  PAYOUT_REPLACEMENT_WINDOW_SECONDS: z.coerce.number().int().min(0).default(600),
  /** Hours a recharge intent waits for its chain payment before its record turns Failed. */
  RECHARGE_INTENT_TTL_HOURS: z.coerce.number().positive().default(24),
  /** Wrong fund passwords per user checked within 15 minutes, over every call that takes it; then it is refused unchecked. */
  FUND_PASSWORD_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  /** Transfer calls per user per minute (every process over the database together). */
  TRANSFER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Withdraw calls per user per minute (every process over the database together). */
  WITHDRAW_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Opt-in request-encryption layer (specification §7): AES key, hex or base64, 16/24/32 bytes. Unset: off. */
  ENCRYPTION_KEY: z.string().optional(),
  // --- accounts: codes, mail, uploads, app download
  /** SMTP server for verification mail, e.g. smtps://user:pass@smtp.example.com; unset: mail goes to ${DATA_DIR}/outbox/. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().max(254).default("PEX <no-reply@pex.local>"),
  /** Verification codes one email address or phone number may be sent per day. */
  CODE_DAILY_CAP_PER_TARGET: z.coerce.number().int().positive().default(10),
  /** Verification codes one client IP may request per day (all targets together). */
  CODE_DAILY_CAP_PER_IP: z.coerce.number().int().positive().default(50),
  UPLOAD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /** Profile edits (which include fund password changes) per session per minute. */
  PROFILE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  APP_VERSION: z.string().max(32).default("1.0.0"),
  CLIENT_VERSION: z.coerce.number().int().nonnegative().default(5),
  /** Download links answered by user/download; empty: not offered. */
  DOWNLOAD_ANDROID_URL: z.union([z.literal(""), z.string().url()]).default(""),
  DOWNLOAD_IOS_URL: z.union([z.literal(""), z.string().url()]).default(""),
  // --- protocol: dashboard snapshots (issue 7)
  /** Milliseconds between dashboard snapshots (Front.getDashboard read into the database); 0 = off. */
  PROTOCOL_SNAPSHOT_INTERVAL_MS: z.coerce.number().int().min(0).default(600_000),
  // --- protocol: lottery keeper (runs rounds with a key of its own holding the Game's OPERATOR_ROLE)
  /** Milliseconds between lottery keeper passes; 0 = keeper off. */
  LOTTERY_KEEPER_INTERVAL_MS: z.coerce.number().int().min(0).default(5000),
  /** Length of the rounds the keeper starts. */
  LOTTERY_ROUND_SECONDS: z.coerce.number().int().min(60).max(2_592_000).default(3600),
  /** Price of one entry of the rounds the keeper starts, in the lottery token's base units; unset: 1 USDT in its decimals. */
  LOTTERY_TICKET_PRICE: z
    .string()
    .regex(/^[1-9][0-9]{0,27}$/, "a positive integer of base units")
    .optional(),
  // --- protocol: ETH/USD price keeper (local feed only; a Chainlink feed needs none)
  /** Milliseconds between price keeper passes (each reads the feed, and pushes only when due); 0 = keeper off. */
  PRICE_KEEPER_INTERVAL_MS: z.coerce.number().int().min(0).default(5000),
  /** Chain seconds after which the keeper pushes again, well inside the deployment's maxPriceAge (1 hour locally). */
  PRICE_KEEPER_REFRESH_SECONDS: z.coerce.number().int().min(1).default(600),
  /** The ETH price in USD the keeper pushes, e.g. 3000 or 2999.5. */
  ETH_USD_PRICE: z
    .string()
    .default(DEFAULT_ETH_USD)
    .refine((text) => parseEthUsd(text) !== null, "a positive USD price with up to 8 decimals, e.g. 3000"),
  // --- accounts: the invitation tree mirrored on chain (DAO.bindInvitersFor, issue 13)
  /** Milliseconds between invite binder passes; 0 = binder off. */
  INVITE_BINDER_INTERVAL_MS: z.coerce.number().int().min(0).default(3000),
  /** Gas the binder may spend per UTC day: 50M binds ~640 registrations (ADR-0149, the binder). */
  INVITE_BINDER_DAILY_GAS: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(50_000_000),
  ...eventsEnv,
  ...chainFactsEnv,
});

export type AppConfig = ReturnType<typeof loadConfig>;
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Record<keyof z.infer<typeof envSchema> | SignerVariable, string>> = {},
) {
  const parsed = envSchema.safeParse({ ...env, ...overrides });
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`);
  }
  const e = parsed.data;
  const chainConfirmations = e.CHAIN_CONFIRMATIONS ?? defaultConfirmations(e.CHAIN_ID);
  const chainReorgWindowBlocks = e.CHAIN_REORG_WINDOW_BLOCKS ?? defaultReorgWindow(chainConfirmations);
  if (chainReorgWindowBlocks < chainConfirmations)
    throw new Error(
      `Invalid configuration: CHAIN_REORG_WINDOW_BLOCKS (${chainReorgWindowBlocks}) must be at least CHAIN_CONFIRMATIONS (${chainConfirmations})`,
    );
  // Where each server key comes from: OPERATOR_ (payout), INVITE_BINDER_, PRICE_KEEPER_ and
  // LOTTERY_OPERATOR_ with KEYSTORE + PASSWORD_FILE, SIGNER_URL + ADDRESS, or (31337 only)
  // PRIVATE_KEY (server/lib/signers; docs/operations.md, "Server keys"). Keys are read at start.
  const signers = signerSourcesOf({ ...env, ...overrides }, e.CHAIN_ID);
  return {
    host: e.API_HOST,
    port: e.API_PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    sqliteFile: e.SQLITE_FILE ?? path.join(e.DATA_DIR, "app.sqlite"),
    siweDomains: e.SIWE_DOMAINS,
    siweOrigins: e.SIWE_DOMAINS.flatMap((domain) => [`http://${domain}`, `https://${domain}`].map((url) => new URL(url).origin)),
    nonceTtlMs: e.SIWE_NONCE_TTL_SECONDS * 1000,
    sessionTtlMs: e.SESSION_TTL_SECONDS * 1000,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    sessionCleanupIntervalMs: e.SESSION_CLEANUP_INTERVAL_MS,
    jobLeaseMs: e.JOB_LEASE_MS,
    trustProxy: e.TRUST_PROXY,
    deploymentsFile: e.DEPLOYMENTS_FILE ?? path.join(e.DATA_DIR, "deployments.json"),
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN ?? null,
    apiDocs: e.API_DOCS === "1",
    settlementIntervalMs: e.SETTLEMENT_INTERVAL_SECONDS * 1000,
    teamRewardRatesPpm: e.TEAM_REWARD_RATES_PPM,
    adminToken: e.ADMIN_TOKEN ?? null,
    adminAddresses:
      e.ADMIN_ADDRESSES.length > 0 || e.CHAIN_ID !== 31337 ? e.ADMIN_ADDRESSES : [DEMO_ACCOUNTS[0]!.address.toLowerCase()],
    withdrawRetryApprovalMicroUsdt: parseUsdt(e.WITHDRAW_RETRY_APPROVAL_USDT),
    explorerTxUrl: e.EXPLORER_TX_URL,
    withdrawMinMicroUsdt: parseUsdt(e.WITHDRAW_MIN_USDT),
    chainConfirmations,
    chainReorgWindowBlocks,
    chainWatchIntervalMs: e.CHAIN_WATCH_INTERVAL_MS,
    chainLogBatchBlocks: e.CHAIN_LOG_BATCH_BLOCKS,
    payoutIntervalMs: e.PAYOUT_INTERVAL_MS,
    payoutReplacementWindowMs: e.PAYOUT_REPLACEMENT_WINDOW_SECONDS * 1000,
    rechargeIntentTtlMs: Math.round(e.RECHARGE_INTENT_TTL_HOURS * 3600_000),
    fundPasswordMaxFailures: e.FUND_PASSWORD_MAX_FAILURES,
    transferRateLimitPerMinute: e.TRANSFER_RATE_LIMIT_PER_MINUTE,
    withdrawRateLimitPerMinute: e.WITHDRAW_RATE_LIMIT_PER_MINUTE,
    encryptionKey: e.ENCRYPTION_KEY ? parseEncryptionKey(e.ENCRYPTION_KEY) : null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    codeDailyCapPerTarget: e.CODE_DAILY_CAP_PER_TARGET,
    codeDailyCapPerIp: e.CODE_DAILY_CAP_PER_IP,
    uploadRateLimitPerMinute: e.UPLOAD_RATE_LIMIT_PER_MINUTE,
    profileRateLimitPerMinute: e.PROFILE_RATE_LIMIT_PER_MINUTE,
    appVersion: e.APP_VERSION,
    clientVersion: e.CLIENT_VERSION,
    downloadAndroidUrl: e.DOWNLOAD_ANDROID_URL || null,
    downloadIosUrl: e.DOWNLOAD_IOS_URL || null,
    protocolSnapshotIntervalMs: e.PROTOCOL_SNAPSHOT_INTERVAL_MS,
    lotteryKeeperIntervalMs: e.LOTTERY_KEEPER_INTERVAL_MS,
    lotteryRoundSeconds: e.LOTTERY_ROUND_SECONDS,
    lotteryTicketPrice: e.LOTTERY_TICKET_PRICE ? BigInt(e.LOTTERY_TICKET_PRICE) : null,
    priceKeeperIntervalMs: e.PRICE_KEEPER_INTERVAL_MS,
    priceKeeperRefreshSeconds: e.PRICE_KEEPER_REFRESH_SECONDS,
    ethUsdAnswer: parseEthUsd(e.ETH_USD_PRICE)!,
    inviteBinderIntervalMs: e.INVITE_BINDER_INTERVAL_MS,
    inviteBinderDailyGas: e.INVITE_BINDER_DAILY_GAS,
    signers,
    ...eventsConfigOf(e),
    ...chainFactsConfigOf(e),
  };
}
