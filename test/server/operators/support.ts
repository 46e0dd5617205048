import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { DEMO_ACCOUNTS } from "../../../domain/demo-accounts";
import type { OperatorRole } from "../../../domain/operator-roles";
import { API_PREFIX, app as apiPlugin } from "../../../server/app";
import type { Db } from "../../../server/db/database";
import { createMetrics } from "../../../server/lib/metrics";
import { signedLogin } from "../support/siwe";
import { createTestApp } from "../support/test-app";

export const ADMIN_TOKEN = "test-admin-token-0123456789";
/** On the local chain (31337) with ADMIN_ADDRESSES empty, Hardhat #0 is the configured admin. */
export const HARDHAT_0 = privateKeyToAccount(DEMO_ACCOUNTS[0]!.privateKey);

export type OperatorsApp = Awaited<ReturnType<typeof createTestApp>>;

/** A test app with the shared token configured (scripts), on the local chain. */
export const operatorsApp = (overrides: Record<string, string> = {}) => createTestApp({ ADMIN_TOKEN, ...overrides });

export interface Wallet {
  account: PrivateKeyAccount;
  address: string;
  /** Its session token (`token` header). */
  session: string;
}

/** Signs a wallet in (a fresh random one unless given) on `chainId`, which must be the app's. */
export async function signIn(
  app: FastifyInstance,
  account = privateKeyToAccount(generatePrivateKey()),
  chainId = 31337,
): Promise<Wallet> {
  const res = await app.inject({
    method: "POST",
    url: `${API_PREFIX}/user/login`,
    payload: await signedLogin(app, account, { chainId }),
  });
  const session = res.json().data?.token as string | undefined;
  if (!session) throw new Error(`login failed: ${res.body}`);
  return { account, address: account.address.toLowerCase(), session };
}

/** A grant written straight into the database (the grant call is tested on its own). */
export async function grantInDb(db: Db, address: string, role: OperatorRole): Promise<void> {
  await db.kysely.insertInto("operator_roles").values({ address, role, granted_by: "test", granted_at: Date.now() }).execute();
}

export interface Call {
  /** A wallet's session, or "token" for the shared ADMIN_TOKEN, or nothing. */
  as?: Wallet | "token";
  payload?: unknown;
  query?: Record<string, string>;
  remoteAddress?: string;
  headers?: Record<string, string>;
}

export interface Reply {
  status: number;
  code: number;
  msg: string;
  key?: string;
  params?: Record<string, string | number>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

/** Calls `/base/api/admin<path>` as an operator. */
export async function admin(app: FastifyInstance, method: "GET" | "POST", path: string, c: Call = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...c.headers };
  if (c.as === "token") headers["x-admin-token"] = ADMIN_TOKEN;
  else if (c.as) headers.token = c.as.session;
  const res = await app.inject({
    method,
    url: `${API_PREFIX}/admin${path}`,
    headers,
    query: c.query,
    ...(c.payload === undefined ? (method === "POST" ? { payload: {} } : {}) : { payload: c.payload as object }),
    ...(c.remoteAddress ? { remoteAddress: c.remoteAddress } : {}),
  });
  const json = res.json();
  return { status: res.statusCode, code: json.code, msg: json.msg, key: json.key, params: json.params, data: json.data };
}

/**
 * Every operator route the API registers, as `METHOD /admin/...` with its path parameters filled
 * in: read from the app itself, so a route added later is covered without being listed.
 */
export async function adminRoutes(t: OperatorsApp): Promise<{ method: "GET" | "POST"; path: string }[]> {
  const fastify = Fastify({ logger: false });
  const routes: RouteOptions[] = [];
  fastify.addHook("onRoute", (route) => void routes.push(route));
  fastify.decorate("metrics", createMetrics(t.db));
  await fastify.register(apiPlugin, { config: t.config, db: t.db });
  await fastify.ready();
  await fastify.close();
  return routes
    .filter((r) => r.url.startsWith(`${API_PREFIX}/admin/`) && r.method !== "HEAD")
    .map((r) => ({
      method: r.method as "GET" | "POST",
      path: r.url.slice(`${API_PREFIX}/admin`.length).replace(/:\w+/g, "1"),
    }));
}

export const PRODUCT = {
  title: "Aluminium ingot",
  images: ["/demo/products/aluminium.svg"],
  descriptionHtml: "<p>99.7 %</p>",
  priceCny: "19900",
  priceUsdt: "28000000",
  stock: 500,
  dailyRatePpm: 12_000,
  cycleDays: 100,
  alloyMaterial: 1,
  alloyPieces: 2,
};

/** A pending identity application of `address`'s user, written straight into the database. */
export async function pendingIdentity(db: Db, address: string): Promise<bigint> {
  const user = await db.kysely.selectFrom("users").select("id").where("address", "=", address).executeTakeFirstOrThrow();
  const row = await db.kysely
    .insertInto("identity_applications")
    .values({
      user_id: user.id,
      real_name: "王小明",
      id_number: "110105199003071239",
      front_image: `/base/api/uploads/${"a".repeat(32)}.png`,
      back_image: `/base/api/uploads/${"b".repeat(32)}.png`,
      status: "pending",
      reason: null,
      created_at: Date.now(),
      reviewed_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return BigInt(row.id);
}

/** The audit, oldest first, as the rows were written. */
export const auditRows = (db: Db) => db.kysely.selectFrom("admin_audit").selectAll().orderBy("id").execute();
