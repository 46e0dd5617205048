import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { UploadPurpose } from "../../../domain/upload-purpose";
import type { Db } from "../../../server/db/database";
import type { Database } from "../../../server/db/schema";
import { demoCardPng } from "../../../server/seed/areas/demo-image";
import { login } from "../support/siwe";
import { createTestApp } from "../support/test-app";

export const ADMIN_TOKEN = "test-admin-token-0123456789";

export interface AccountsApp {
  app: FastifyInstance;
  db: Db;
  dataDir: string;
  close(): Promise<void>;
}

/** A test app with its own data folder (outbox, uploads) and an operator token. */
export async function accountsApp(overrides: Record<string, string> = {}): Promise<AccountsApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-accounts-"));
  const t = await createTestApp({ DATA_DIR: dataDir, ADMIN_TOKEN, ...overrides });
  return {
    app: t.app,
    db: t.db,
    dataDir,
    async close() {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Reply {
  status: number;
  code: number;
  msg: string;
  /** A refusal's key and params (domain/refusals.ts). */
  key?: string;
  params?: Record<string, string | number>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

export async function call(
  app: FastifyInstance,
  method: "GET" | "POST",
  url: string,
  opts: { token?: string; payload?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.token = opts.token;
  const res = await app.inject({ method, url: `/base/api${url}`, headers, payload: opts.payload as never });
  const json = res.json();
  return { status: res.statusCode, code: json.code, msg: json.msg, key: json.key, params: json.params, data: json.data };
}

/** Signs a fresh random wallet in; answers its session token and address. */
export async function newUser(app: FastifyInstance): Promise<{ token: string; address: string }> {
  const account = privateKeyToAccount(generatePrivateKey());
  return { token: await login(app, account), address: account.address.toLowerCase() };
}

/** The code in the newest outbox mail to `to` (tests read codes where a user would: the mail). */
export function mailedCode(dataDir: string, email: string): string {
  const to = email.trim().toLowerCase();
  const dir = path.join(dataDir, "outbox");
  const mails = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as { to: string; text: string })
    .filter((m) => m.to === to);
  const last = mails.at(-1);
  if (!last) throw new Error(`no mail to ${email}`);
  return /\b(\d{6})\b/.exec(last.text)![1]!;
}

export function textedCode(dataDir: string, to: string): string {
  const dir = path.join(dataDir, "outbox", "sms");
  const texts = fs
    .readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as { to: string; text: string })
    .filter((m) => m.to === to);
  return /\b(\d{6})\b/.exec(texts.at(-1)!.text)![1]!;
}

/** Lets the next code be sent at once: moves the target's codes back past the one-minute limit. */
export async function agePastResendLimit(db: Kysely<Database>, target: string): Promise<void> {
  await db
    .updateTable("verification_codes")
    .set((eb) => ({ created_at: eb("created_at", "-", 61_000n) }))
    .where("target", "=", target)
    .execute();
}

export async function registerUser(
  t: AccountsApp,
  token: string,
  opts: { email?: string; invitationCode?: string; fundPassword?: string } = {},
): Promise<Reply> {
  const email = opts.email ?? `u${Math.random().toString(36).slice(2, 10)}@example.com`;
  const sent = await call(t.app, "POST", "/home/send/email", { payload: { email, purpose: "register" } });
  if (sent.code !== 0) throw new Error(`send failed: ${sent.msg}`);
  return call(t.app, "POST", "/user/register", {
    token,
    payload: {
      email,
      code: mailedCode(t.dataDir, email),
      fundPassword: opts.fundPassword ?? "123456",
      ...(opts.invitationCode ? { invitationCode: opts.invitationCode } : {}),
    },
  });
}

export const PNG = demoCardPng(4, 4);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from("JFIF\0rest-of-jpeg")]);
export const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x10, 0, 0, 0]), Buffer.from("WEBPVP8 "), Buffer.alloc(8)]);

/** Uploads an image; without a purpose the call's default applies (identity). */
export async function uploadBase64(
  app: FastifyInstance,
  token: string,
  bytes: Buffer = PNG,
  purpose?: UploadPurpose,
): Promise<string> {
  const r = await call(app, "POST", "/user/upload/base64", {
    token,
    payload: { file: `data:image/png;base64,${bytes.toString("base64")}`, ...(purpose ? { purpose } : {}) },
  });
  if (r.code !== 0) throw new Error(`upload failed: ${r.msg}`);
  return r.data as string;
}

/** A multipart/form-data body built by hand, so tests control every byte (names, types, order). */
export function multipart(parts: { name: string; filename?: string; type?: string; value: Buffer | string }[]) {
  const boundary = "----pexTestBoundary7MA4YWxkTrZu0gW";
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += "\r\n";
    if (p.type) head += `Content-Type: ${p.type}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const ACCOUNT_TABLES = [
  "users",
  "sessions",
  "verification_codes",
  "identity_applications",
  "bank_applications",
  "addresses",
  "uploads",
  "ledger",
] as const;

/** Every row of the account tables, in a stable order: equal snapshots mean nothing changed. */
export async function snapshot(db: Kysely<Database>) {
  const out: Record<string, unknown[]> = {};
  for (const t of ACCOUNT_TABLES)
    out[t] = await db
      .selectFrom(t)
      .selectAll()
      .execute()
      .then((rows) => rows.map((r) => JSON.stringify(r, (_k, v) => (typeof v === "bigint" ? v.toString() : v))).sort());
  return out;
}

export function files(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).sort() : [];
}
