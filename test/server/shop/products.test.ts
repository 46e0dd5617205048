import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../../server/db/database";
import { createTestApp } from "../support/test-app";
import { ADMIN_TOKEN, newProduct } from "./support/shop-fixtures";
import { refused } from "../support/refused";

let app: FastifyInstance;
let db: Db;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ app, db, close } = await createTestApp({ ADMIN_TOKEN }));
});
afterEach(async () => close());

const admin = (url: string, payload?: object, token = ADMIN_TOKEN) =>
  app.inject({
    method: "POST",
    url: `/base/api/admin/${url}`,
    headers: { "x-admin-token": token },
    ...(payload ? { payload } : {}),
  });

const validProduct = {
  title: "精选铝合金锭",
  images: ["/demo/products/aluminium.svg", "https://cdn.example.com/a.png"],
  descriptionHtml: '<p>纯度 99.7%</p><img src="x" onerror="alert(1)">',
  priceCny: "19900",
  priceUsdt: "28000000",
  stock: 500,
  dailyRatePpm: 12_000,
  cycleDays: 100,
  alloyMaterial: 1,
  alloyPieces: 2,
};

describe("GET home/product/list", () => {
  it("lists products on sale by sort then id, paged, without descriptions", async () => {
    const a = await newProduct(db.kysely, { title: "A", sort: 2 });
    const b = await newProduct(db.kysely, { title: "B", sort: 1 });
    const c = await newProduct(db.kysely, { title: "C", sort: 1 });
    await newProduct(db.kysely, { title: "hidden", onSale: false });
    const res = await app.inject({ method: "GET", url: "/base/api/home/product/list" });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 3, page: 1, limit: 10 });
    expect(data.list.map((p: { id: number }) => p.id)).toEqual([b, c, a].map(Number));
    expect(data.list[0]).toEqual({
      id: Number(b),
      title: "B",
      images: ["/demo/products/test.svg"],
      priceCny: "10000",
      priceUsdt: "10000000",
      stock: 100,
      dailyRatePpm: 10_000,
      dailyRate: "1.00%",
      cycleDays: 30,
      alloyMaterial: 1,
      alloyMaterialName: "合金原料1号",
      alloyPieces: 2,
      onSale: true,
    });
    const page2 = (await app.inject({ method: "GET", url: "/base/api/home/product/list?page=2&limit=2" })).json().data;
    expect(page2).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.list.map((p: { id: number }) => p.id)).toEqual([Number(a)]);
  });

  it("refuses bad paging with 400", async () => {
    for (const q of ["page=0", "limit=101", "page=abc", "limit=-1", "page=1.5", "extra=1"]) {
      const res = await app.inject({ method: "GET", url: `/base/api/home/product/list?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().msg).toMatch(/\S/);
    }
  });
});

describe("POST home/product/{id}", () => {
  it("answers the detail with the description kept as written and flagged unsafe", async () => {
    const created = (await admin("product/add", validProduct)).json().data;
    const res = await app.inject({ method: "POST", url: `/base/api/home/product/${created.id}` });
    expect(res.json().data).toMatchObject({
      id: created.id,
      title: "精选铝合金锭",
      descriptionHtml: validProduct.descriptionHtml,
      descriptionUnsafe: true,
      dailyRate: "1.20%",
      priceCny: "19900",
      priceUsdt: "28000000",
    });
    const withBody = await app.inject({ method: "POST", url: `/base/api/home/product/${created.id}`, payload: {} });
    expect(withBody.json().code).toBe(0);
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    expect((await app.inject({ method: "POST", url: "/base/api/home/product/424242" })).json()).toEqual(
      refused(404, "products.notFound"),
    );
    for (const id of ["0", "-1", "abc", "1.5", "1e3", "99999999999999999999", "1%00"]) {
      const res = await app.inject({ method: "POST", url: `/base/api/home/product/${id}` });
      expect(res.statusCode, id).toBe(400);
    }
    // A dot-segment leaves the route altogether: "no such call", never a file or a 5xx.
    const dots = await app.inject({ method: "POST", url: "/base/api/home/product/%2e%2e" });
    expect(dots.json()).toMatchObject({ code: 404 });
  });
});

describe("admin products", () => {
  it("creates, edits and lists products, off-sale ones included", async () => {
    const created = await admin("product/add", validProduct);
    expect(created.json().code).toBe(0);
    const id = created.json().data.id as number;
    expect(created.json().data).toMatchObject({ ...validProduct, onSale: true, sort: 0 });

    const edited = await admin(`product/update/${id}`, { priceUsdt: "30000000", onSale: false, stock: 7 });
    expect(edited.json().data).toMatchObject({ priceUsdt: "30000000", onSale: false, stock: 7, title: "精选铝合金锭" });
    const list = (await app.inject({ method: "GET", url: "/base/api/home/product/list" })).json().data;
    expect(list.total).toBe(0);
    const all = (await admin("product/list", {})).json().data;
    expect(all).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(all.list[0]).toMatchObject({ id, onSale: false });
    expect((await admin("product/list")).json().code).toBe(0);
  });

  it("refuses inconsistent or malformed products", async () => {
    const cases: object[] = [
      { ...validProduct, alloyMaterial: null },
      { ...validProduct, priceCny: "12.5" },
      { ...validProduct, priceUsdt: 28000000 },
      { ...validProduct, images: ["javascript:alert(1)"] },
      { ...validProduct, images: ["/../../etc/passwd"] },
      { ...validProduct, images: [] },
      { ...validProduct, stock: -1 },
      { ...validProduct, dailyRatePpm: 1.5 },
      { ...validProduct, admin: true },
      { ...validProduct, title: "" },
    ];
    for (const payload of cases) {
      const res = await admin("product/add", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const id = (await admin("product/add", { ...validProduct, alloyMaterial: null, alloyPieces: 0 })).json().data.id;
    expect((await admin(`product/update/${id}`, { alloyPieces: 3 })).json()).toMatchObject({
      code: 400,
      key: "products.alloyNeedsMaterial",
    });
    expect((await admin(`product/update/${id}`, {})).json().code).toBe(400);
    expect((await admin("product/update/999999", { stock: 1 })).json().code).toBe(404);
  });

  it("is closed without the right admin token, and entirely when none is configured", async () => {
    expect((await admin("product/add", validProduct, "wrong")).json().code).toBe(401);
    expect((await app.inject({ method: "POST", url: "/base/api/admin/product/add", payload: validProduct })).json().code).toBe(
      401,
    );
    const closed = await createTestApp();
    try {
      const res = await closed.app.inject({
        method: "POST",
        url: "/base/api/admin/product/add",
        headers: { "x-admin-token": "" },
        payload: validProduct,
      });
      expect(res.json().code).toBe(403);
    } finally {
      await closed.close();
    }
    expect(await db.kysely.selectFrom("products").select("id").execute()).toHaveLength(0);
  });
});
