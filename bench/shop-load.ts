/**
 * What the shop bench's runs share: the row it reports, autocannon load, free ports, the API
 * children, and a buyer, a product and a session made straight in the database.
 */
import { randomBytes } from "node:crypto";
import net from "node:net";
import autocannon from "autocannon";
import { createDb } from "../server/db/database";
import { internalError } from "../server/lib/errors";
import { changeBalance } from "../server/modules/ledger/ledger.service";
import { hashSessionToken } from "../server/modules/auth/session-token";
import { httpAnswers, run, startChild, stopChild, waitFor } from "../scripts/lib/processes";
import { insertProduct } from "../server/modules/products/product.repository";

export type { Row } from "./row";

export interface Result {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  ok2xx: number;
}

export const SECONDS = 5;

/** A port nobody listens on now (the OS picks it), so the bench never meets another server. */
export function freePort(): Promise<string> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(String(port)));
    });
  });
}

export async function load(opts: autocannon.Options, connections = 10, seconds = SECONDS): Promise<Result> {
  await autocannon({ ...opts, connections, duration: 1 }); // warm-up: JIT, caches, connections
  const r = await autocannon({ ...opts, connections, duration: seconds });
  return {
    requestsPerSecond: Math.round(r.requests.average),
    p99Ms: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    ok2xx: r["2xx"],
  };
}

/** `connections` clients placing orders of `productId` with `token` on the API at `port`. */
export function orderLoad(port: string, buyer: { token: string; productId: number }, connections = 10): Promise<Result> {
  return load(
    {
      url: `http://127.0.0.1:${port}/base/api/home/order`,
      method: "POST",
      headers: { token: buyer.token, "content-type": "application/json" },
      // Every request is a new, valid order: same buyer and product, a fresh purchase each time.
      body: JSON.stringify({ productId: buyer.productId, payType: 2 }),
    },
    connections,
  );
}

/** Migrates (with the demo data) and runs `replicas` API children on one database, one port each. */
export async function withApis<T>(
  replicas: number,
  env: Record<string, string>,
  work: (ports: string[]) => Promise<T>,
): Promise<T> {
  const base = { SIWE_DOMAINS: "bench.local", LOG_LEVEL: "warn", SETTLEMENT_INTERVAL_SECONDS: "0" };
  await run(process.execPath, ["--import", "tsx", "server/cli/migrate.ts", "--seed"], { ...base, ...env });
  const ports: string[] = [];
  for (let i = 0; i < replicas; i++) ports.push(await freePort());
  const apis = ports.map((API_PORT, i) =>
    startChild(`api${i + 1}`, process.execPath, ["--import", "tsx", "server/server.ts"], {
      env: { ...base, ...env, API_PORT },
      quiet: true,
    }),
  );
  try {
    await Promise.all(
      apis.map((api, i) =>
        waitFor("API", () => httpAnswers(`http://127.0.0.1:${ports[i]}/base/api/home/product/list`), 60_000, api),
      ),
    );
    return await work(ports);
  } finally {
    await Promise.all(apis.map((api) => stopChild(api)));
  }
}

type Target = { databaseUrl?: string; sqliteFile: string };

/** A product that never sells out (a billion in stock, one alloy piece per order). */
export async function benchProduct(target: Target): Promise<number> {
  const db = createDb(target);
  try {
    const now = Date.now();
    const product = await insertProduct(db.kysely, {
      title: "Bench ingot",
      images: JSON.stringify(["/demo/products/steel.svg"]),
      description_html: "<p>bench</p>",
      price_cny: 100n,
      price_usdt: 1_000_000n,
      stock: 1_000_000_000,
      daily_rate_ppm: 10_000,
      cycle_days: 30,
      alloy_material: 1,
      alloy_pieces: 1,
      status: "on_sale",
      sort: 99,
      created_at: now,
      updated_at: now,
    });
    return Number(product.id);
  } finally {
    await db.kysely.destroy();
  }
}

/** A fresh buyer who can afford a billion orders (granted through the ledger) and their session. */
export async function newBuyer(target: Target): Promise<{ userId: bigint; token: string }> {
  const db = createDb(target);
  try {
    const now = Date.now();
    const user = await db.kysely
      .insertInto("users")
      .values({
        address: `0x${randomBytes(20).toString("hex")}`,
        invitation_code: `B${randomBytes(5).toString("hex").toUpperCase()}`,
        type: 1,
        nickname: "bench",
        amount_cny: 0n,
        amount_usdt: 0n,
        withdraw_usdt: 0n,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const userId = BigInt(user.id);
    await db.kysely
      .transaction()
      .execute((trx) =>
        changeBalance(trx, { userId, currency: "USDT", delta: 10n ** 15n, kind: "bench_grant", now }, internalError("grant")),
      );
    const token = randomBytes(32).toString("base64url");
    await db.kysely
      .insertInto("sessions")
      .values({
        token_hash: hashSessionToken(token),
        user_id: userId,
        device_id: "bench-device",
        created_at: now,
        expires_at: now + 3_600_000,
      })
      .execute();
    return { userId, token };
  } finally {
    await db.kysely.destroy();
  }
}
