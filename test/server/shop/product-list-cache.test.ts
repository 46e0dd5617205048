import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppConfig } from "../../../server/config";
import type { Db } from "../../../server/db/database";
import { cachedProductList, invalidateProductList, TTL_MS } from "../../../server/modules/products/product-list-cache";
import { createSiblingApp, createTestApp } from "../support/test-app";
import { ADMIN_TOKEN, newProduct, newUser } from "./support/shop-fixtures";

let app: FastifyInstance;
let db: Db;
let config: AppConfig;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ app, db, config, close } = await createTestApp({ ADMIN_TOKEN }));
});
afterEach(async () => close());

const list = (on = app, query = "") => on.inject({ method: "GET", url: `/base/api/home/product/list${query}` });
const titles = async (on = app) => (await list(on)).json().data.list.map((p: { title: string }) => p.title);
const stockOf = async (id: bigint) =>
  (await list()).json().data.list.find((p: { id: number }) => p.id === Number(id)).stock as number;

describe("the home list's cache", () => {
  it("answers a cached page with the very bytes and headers of a freshly written one", async () => {
    await newProduct(db.kysely, { title: '精选铝合金锭 "6061" \\ é' });
    await newProduct(db.kysely, { title: "B" });
    const fresh = await list(app, "?page=1&limit=5");
    const cached = await list(app, "?page=1&limit=5");
    expect(cached.rawPayload.equals(fresh.rawPayload)).toBe(true);
    expect(cached.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(cached.headers["content-length"]).toBe(String(fresh.rawPayload.length));
    expect(fresh.headers["content-type"]).toBe(cached.headers["content-type"]);
    // Another page is its own entry; the schema's writer made both (no field beyond it).
    const other = (await list(app, "?page=2&limit=1")).json();
    expect(other.data).toMatchObject({ page: 2, limit: 1, total: 2 });
    expect(Object.keys(other.data.list[0]).sort()).toEqual(Object.keys(fresh.json().data.list[0]).sort());
  });

  it("drops the cache at once when this process edits a product or sells one", async () => {
    const id = await newProduct(db.kysely, { title: "Before", stock: 10, priceUsdt: 1_000_000n });
    expect(await titles()).toEqual(["Before"]);
    const edit = await app.inject({
      method: "POST",
      url: `/base/api/admin/product/update/${id}`,
      headers: { "x-admin-token": ADMIN_TOKEN },
      payload: { title: "After" },
    });
    expect(edit.json().code).toBe(0);
    expect(await titles()).toEqual(["After"]);

    expect(await stockOf(id)).toBe(10);
    const buyer = await newUser(app, db.kysely, { usdt: 5_000_000n });
    const bought = await app.inject({
      method: "POST",
      url: "/base/api/home/order",
      headers: { token: buyer.token },
      payload: { productId: Number(id), payType: 2 },
    });
    expect(bought.json().code).toBe(0);
    expect(await stockOf(id)).toBe(9);
  });

  it("shows another process's change within its time to live", async () => {
    const sibling = await createSiblingApp(config, db);
    try {
      const id = await newProduct(db.kysely, { title: "Before" });
      expect(await titles(sibling.app)).toEqual(["Before"]);
      const edit = await app.inject({
        method: "POST",
        url: `/base/api/admin/product/update/${id}`,
        headers: { "x-admin-token": ADMIN_TOKEN },
        payload: { title: "After" },
      });
      expect(edit.json().code).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, TTL_MS + 50));
      expect(await titles(sibling.app)).toEqual(["After"]);
    } finally {
      await sibling.close();
    }
  });
});

describe("cachedProductList", () => {
  const bytes = (text: string) => Buffer.from(text);

  it("keeps a page for TTL_MS, then writes it again", async () => {
    const key = {};
    let writes = 0;
    const write = async () => bytes(`v${++writes}`);
    expect(String(await cachedProductList(key, 1, 10, write, 1_000))).toBe("v1");
    expect(String(await cachedProductList(key, 1, 10, write, 1_000 + TTL_MS - 1))).toBe("v1");
    expect(String(await cachedProductList(key, 2, 10, write, 1_000))).toBe("v2");
    expect(String(await cachedProductList(key, 1, 10, write, 1_000 + TTL_MS))).toBe("v3");
  });

  it("does not keep an answer read while a change dropped the cache", async () => {
    const key = {};
    let release!: () => void;
    const slow = cachedProductList(
      key,
      1,
      10,
      () => new Promise<Buffer>((resolve) => (release = () => resolve(bytes("old")))),
      0,
    );
    invalidateProductList(key); // a product changed while "old" was being read
    release();
    expect(String(await slow)).toBe("old");
    expect(String(await cachedProductList(key, 1, 10, async () => bytes("new"), 1))).toBe("new");
  });
});
