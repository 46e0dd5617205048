/**
 * A signed-in visitor's first screen (ADR-0198) on three API replicas behind our web server: the
 * renderer's calls for one visitor reach whichever replica, with that visitor's session, and no
 * screen ever holds another visitor's data. Runs with TEST_DATABASE_URL (`.ci/run`).
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import { startTestChain, type TestChain } from "../server/assets/hardhat";
import { createPgTestDatabase } from "../server/support/pg-test-database";
import { startCluster, type Cluster } from "./support/cluster";
import { createBuyer, fundPasswordHash, type Buyer } from "./support/fixtures";

/** A stand-in with the real renderer's signature, drawing the account the API gives the session. */
const RENDERER = `
export async function renderFirstScreen(hash, lang, callApi, visitor) {
  if (!visitor) return null;
  const reply = await callApi("GET", "/user/info");
  if (reply.code !== 0) return null;
  return { html: "<main>" + reply.data.address + " " + reply.data.invitation + "</main>", state: { queries: [] }, images: [] };
}`;

const adminUrl = process.env.TEST_DATABASE_URL;
let chain: TestChain;
let database: { url: string; drop(): Promise<void> };
let db: Db;
let cluster: Cluster;
let visitors: (Buyer & { invitation: string })[];

/** GET from a loopback address of its own (the web server counts renders per client). */
function screen(url: string, headers: Record<string, string>, from: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { headers, localAddress: from }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe.skipIf(!adminUrl)("signed-in first screens on three replicas", { timeout: 240_000 }, () => {
  beforeAll(async () => {
    chain = await startTestChain();
    database = await createPgTestDatabase(adminUrl!);
    db = createDb({ databaseUrl: database.url, sqliteFile: ":memory:" });
    await migrateToLatest(db);
    const hash = await fundPasswordHash();
    visitors = [];
    for (let i = 0; i < 2; i++) {
      const buyer = await createBuyer(db.kysely, { fundPasswordHash: hash, grants: {} });
      const row = await db.kysely
        .selectFrom("users")
        .select("invitation_code")
        .where("id", "=", buyer.id)
        .executeTakeFirstOrThrow();
      visitors.push({ ...buyer, invitation: row.invitation_code });
    }
    cluster = await startCluster({
      replicas: 3,
      databaseUrl: database.url,
      rpcUrl: chain.rpcUrl,
      deploymentsFile: chain.deploymentsFile,
      firstScreen: RENDERER,
    });
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
    await db?.kysely.destroy();
    await database?.drop();
    await chain?.stop();
  }, 60_000);

  it("50 renders of two visitors at once across the replicas: each holds only its owner's data", async () => {
    const url = `${cluster.webUrl}/first-screen?hash=${encodeURIComponent("#/pages/my/my")}&lang=en`;
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const me = visitors[i % 2]!;
        return screen(url, { token: me.token, "x-pex-address": me.address }, `127.0.0.${20 + i}`).then((r) => ({ me, r }));
      }),
    );
    for (const { me, r } of replies) {
      expect(r.status).toBe(200);
      const other = visitors.find((v) => v !== me)!;
      expect(r.body).toContain(me.invitation);
      expect(r.body).not.toContain(other.invitation);
      expect(r.body.toLowerCase()).not.toContain(other.address.toLowerCase());
    }
  });
});
