import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../../server/db/database";
import { createTestApp } from "../support/test-app";
import { ADMIN_TOKEN, newUser } from "./support/shop-fixtures";
import { refused } from "../support/refused";

let app: FastifyInstance;
let db: Db;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ app, db, close } = await createTestApp({ ADMIN_TOKEN }));
});
afterEach(async () => close());

async function publish(title: string, contentHtml: string, extra: object = {}) {
  const res = await app.inject({
    method: "POST",
    url: "/base/api/admin/notice/add",
    headers: { "x-admin-token": ADMIN_TOKEN },
    payload: { title, contentHtml, ...extra },
  });
  expect(res.json().code).toBe(0);
  return res.json().data as { id: number; summary: string };
}

const list = (headers: Record<string, string> = {}, payload?: object) =>
  app.inject({ method: "POST", url: "/base/api/home/notices", headers, ...(payload ? { payload } : {}) });

describe("notices", () => {
  it("lists published notices newest first, paged, for anyone", async () => {
    const first = await publish("系统维护通知", "<p>今晚 <b>22:00</b> 维护</p>", { publishedAt: Date.now() - 2000 });
    const second = await publish("新品上架", "<p>钛合金型材</p>", { publishedAt: Date.now() - 1000 });
    await publish("明天的公告", "<p>later</p>", { publishedAt: Date.now() + 3_600_000 });
    expect(first.summary).toBe("今晚 22:00 维护");

    const res = await list();
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(data.list.map((n: { id: number }) => n.id)).toEqual([second.id, first.id]);
    expect(data.list[0]).not.toHaveProperty("read");
    expect(data.list[0]).not.toHaveProperty("contentHtml");
    const page2 = (await list({}, { page: 2, limit: 1 })).json().data;
    expect(page2.list.map((n: { id: number }) => n.id)).toEqual([first.id]);
  });

  it("keeps the content as written, flagged unsafe, and tracks read state per user", async () => {
    const html = '<p>Hello</p><script>alert("xss")</script>';
    const n1 = await publish("One", html);
    const n2 = await publish("Two", "<p>two</p>");
    const alice = await newUser(app, db.kysely);
    const bob = await newUser(app, db.kysely);

    const unread = (await list({ token: alice.token })).json().data.list;
    expect(unread.map((n: { read: boolean }) => n.read)).toEqual([false, false]);

    const detail = await app.inject({ method: "POST", url: `/base/api/home/notice/${n1.id}`, headers: { token: alice.token } });
    expect(detail.json().data).toMatchObject({ id: n1.id, title: "One", contentHtml: html, contentUnsafe: true, read: true });
    // Reading twice is fine and changes nothing more.
    await app.inject({ method: "POST", url: `/base/api/home/notice/${n1.id}`, headers: { token: alice.token }, payload: {} });

    const aliceList = (await list({ token: alice.token })).json().data.list;
    expect(aliceList.map((n: { id: number; read: boolean }) => [n.id, n.read])).toEqual([
      [n2.id, false],
      [n1.id, true],
    ]);
    const bobList = (await list({ token: bob.token })).json().data.list;
    expect(bobList.every((n: { read: boolean }) => n.read === false)).toBe(true);
    expect(await db.kysely.selectFrom("notice_reads").selectAll().execute()).toHaveLength(1);
  });

  it("treats a missing, unknown or expired token as anonymous, never 401", async () => {
    const n = await publish("Public", "<p>x</p>");
    const alice = await newUser(app, db.kysely);
    await db.kysely
      .updateTable("sessions")
      .set({ expires_at: BigInt(Date.now() - 1) })
      .execute();
    for (const headers of [{}, { token: "made-up" }, { token: alice.token }, { token: "x".repeat(500) }] as Record<
      string,
      string
    >[]) {
      const l = await list(headers);
      expect(l.json().code).toBe(0);
      expect(l.json().data.list[0]).not.toHaveProperty("read");
      const d = await app.inject({ method: "POST", url: `/base/api/home/notice/${n.id}`, headers });
      expect(d.json().code).toBe(0);
      expect(d.json().data).not.toHaveProperty("read");
    }
    expect(await db.kysely.selectFrom("notice_reads").selectAll().execute()).toHaveLength(0);
  });

  it("answers 404 for an unknown or not yet published notice", async () => {
    const future = await publish("Later", "<p>x</p>", { publishedAt: Date.now() + 3_600_000 });
    for (const id of [future.id, 987654]) {
      expect((await app.inject({ method: "POST", url: `/base/api/home/notice/${id}` })).json()).toEqual(
        refused(404, "notices.notFound"),
      );
    }
  });

  it("lets only the operator publish", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/base/api/admin/notice/add",
      payload: { title: "x", contentHtml: "<p>x</p>" },
    });
    expect(res.json().code).toBe(401);
    const bad = await app.inject({
      method: "POST",
      url: "/base/api/admin/notice/add",
      headers: { "x-admin-token": ADMIN_TOKEN },
      payload: { title: "", contentHtml: "" },
    });
    expect(bad.json().code).toBe(400);
    expect(await db.kysely.selectFrom("notices").selectAll().execute()).toHaveLength(0);
  });
});
