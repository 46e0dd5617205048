import fc from "fast-check";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../server/db/database";
import { publishNoticeBody } from "../../../domain/api/notices";
import { createProductBody, updateProductBody } from "../../../domain/api/product";
import { createTestApp } from "../support/test-app";
import { ADMIN_TOKEN, newProduct, newUser, sortedSnapshot, type TestUser } from "./support/shop-fixtures";

/**
 * Property-based fuzzing of every shop endpoint: whatever arrives (wrong types, missing and
 * extra fields, huge strings and numbers, negative and fractional amounts, SQL and HTML
 * injection, path tricks) the answer is a non-zero code equal to the HTTP status with a clear
 * msg, never a 5xx, and the database is exactly as it was.
 */
let app: FastifyInstance;
let db: Db;
let close: () => Promise<void>;
let poor: TestUser;
let noticeId: number;

beforeAll(async () => {
  ({ app, db, close } = await createTestApp({ ADMIN_TOKEN }));
  // A user with no money: even a well-formed order is refused, so no run can change the data.
  poor = await newUser(app, db.kysely);
  await newProduct(db.kysely, { priceCny: 100n, priceUsdt: 1_000_000n });
  await newProduct(db.kysely, { stock: 0 });
  const n = await app.inject({
    method: "POST",
    url: "/base/api/admin/notice/add",
    headers: { "x-admin-token": ADMIN_TOKEN },
    payload: { title: "t", contentHtml: "<p>x</p>" },
  });
  noticeId = n.json().data.id;
});
afterAll(async () => close());

const RUNS = { numRuns: 60 };

const nasty = fc.constantFrom(
  "' OR '1'='1",
  "1; DROP TABLE users; --",
  "1 UNION SELECT * FROM users",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "\u0000",
  "%00",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1.5",
  "-0.01",
  "1e309",
  "0x10",
  "",
  " ",
  "１",
  "9".repeat(40),
);
const hugeString = fc.integer({ min: 300, max: 20_000 }).map((n) => "x".repeat(n));
const anyString = fc.oneof(nasty, fc.string({ maxLength: 40 }), hugeString);
const anyNumber = fc.oneof(
  fc.constantFrom(-1, 0, 0.5, 1.5, -0.01, 3, 1e21, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }),
);
const anyScalar = fc.oneof(anyString, anyNumber, fc.boolean(), fc.constant(null));
const anyValue = fc.oneof(
  anyScalar,
  fc.array(anyScalar, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), anyScalar, { maxKeys: 3 }),
);
const extraKeys = fc.dictionary(
  fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((k) => !["page", "limit", "bucket", "points", "productId", "payType"].includes(k) && k !== "__proto__"),
  anyValue,
  { minKeys: 1, maxKeys: 3 },
);
/** Path segments: encoded random text and the classic traversal and injection tricks. */
const pathSegment = fc.oneof(
  fc.constantFrom(
    "..",
    "%2e%2e",
    "..%2f..%2fetc",
    "0",
    "-1",
    "1.5",
    "1e3",
    "00001",
    "99999999999999999999",
    "1%00",
    "1;DROP",
    "%20",
    "null",
    "%3Cscript%3E",
  ),
  fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
);
const badToken = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 200 }).filter((s) => /^[\x21-\x7e]*$/.test(s)),
);

async function expectRefusal(opts: InjectOptions) {
  const res = await app.inject(opts);
  expect(res.statusCode, `${opts.method} ${opts.url} ${JSON.stringify(opts.payload)?.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  const json = res.json();
  expect(json.code).toBe(res.statusCode);
  expect(typeof json.msg).toBe("string");
  expect(json.msg.length).toBeGreaterThan(0);
  expect(json.data).toBeNull();
  return json;
}

/** Runs a property and checks the database did not move. */
async function unchanged(
  property: fc.IAsyncProperty<never> | fc.IAsyncProperty<[unknown]> | fc.IAsyncPropertyWithHooks<unknown[]>,
) {
  const before = await sortedSnapshot(db.kysely);
  await fc.assert(property as fc.IAsyncProperty<unknown[]>, RUNS);
  expect(await sortedSnapshot(db.kysely)).toBe(before);
}

const validPage = (v: unknown, max: number) =>
  v === undefined ||
  (typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= max) ||
  (typeof v === "string" && /^\d{1,9}$/.test(v) && Number(v) >= 1 && Number(v) <= max);

describe("fuzzing the shop endpoints", () => {
  it("GET home/product/list refuses any bad paging", async () => {
    const query = fc
      .record({
        page: fc.option(anyString, { nil: undefined }),
        limit: fc.option(anyString, { nil: undefined }),
        extra: fc.option(anyString, { nil: undefined }),
      })
      .filter((q) => !(validPage(q.page, 1_000_000) && validPage(q.limit, 100) && q.extra === undefined));
    await unchanged(
      fc.asyncProperty(query, async (q) => {
        const params = new URLSearchParams();
        for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, v);
        await expectRefusal({ method: "GET", url: `/base/api/home/product/list?${params.toString()}` });
      }),
    );
  });

  it("POST home/product/{id} refuses any bad id or body", async () => {
    await unchanged(
      fc.asyncProperty(pathSegment, fc.option(extraKeys, { nil: undefined }), async (segment, body) => {
        fc.pre(!/^[1-9]\d{0,15}$/.test(segment) || body !== undefined);
        await expectRefusal({ method: "POST", url: `/base/api/home/product/${segment}`, ...(body ? { payload: body } : {}) });
      }),
    );
    await unchanged(
      fc.asyncProperty(
        fc.integer({ min: 3, max: 1e9 }),
        async (id) => void (await expectRefusal({ method: "POST", url: `/base/api/home/product/${id}` })),
      ),
    );
  });

  it("POST home/order refuses anything, and a well-formed order from a user without money", async () => {
    const body = fc.oneof(
      fc.record({ productId: anyValue, payType: anyValue }, { requiredKeys: [] }),
      fc.record({ productId: fc.constantFrom(1, 2, "1", 999), payType: fc.constantFrom(1, 2, "2") }),
      fc.tuple(fc.record({ productId: fc.constant(1), payType: fc.constant(2) }), extraKeys).map(([a, b]) => ({ ...b, ...a })),
      anyScalar,
      fc.array(anyScalar, { maxLength: 3 }),
    );
    await unchanged(
      fc.asyncProperty(body, async (payload) => {
        await expectRefusal({
          method: "POST",
          url: "/base/api/home/order",
          headers: { token: poor.token, "content-type": "application/json" },
          payload: JSON.stringify(payload) ?? "null",
        });
      }),
    );
    await unchanged(
      fc.asyncProperty(badToken, async (token) => {
        const json = await expectRefusal({
          method: "POST",
          url: "/base/api/home/order",
          headers: token === undefined ? {} : { token },
          payload: { productId: 1, payType: 2 },
        });
        expect(json.code).toBe(401);
      }),
    );
    await expectRefusal({
      method: "POST",
      url: "/base/api/home/order",
      headers: { token: poor.token, "content-type": "application/json" },
      payload: "{not json",
    });
  });

  it("GET user/alloy refuses every token but a live session's", async () => {
    await unchanged(
      fc.asyncProperty(badToken, async (token) => {
        expect(
          (await expectRefusal({ method: "GET", url: "/base/api/user/alloy", headers: token === undefined ? {} : { token } }))
            .code,
        ).toBe(401);
      }),
    );
  });

  it("POST asset/earnings refuses bad options", async () => {
    const body = fc.oneof(
      fc
        .record({ bucket: anyValue, points: fc.option(anyValue, { nil: undefined }) })
        .filter((b) => b.bucket !== "day" && b.bucket !== "week"),
      fc
        .record({ points: anyValue })
        .filter((b) => !(Number.isInteger(b.points) && (b.points as number) >= 1 && (b.points as number) <= 366)),
      extraKeys,
      fc.oneof(anyString, anyNumber, fc.array(anyScalar, { minLength: 1, maxLength: 3 })),
    );
    await unchanged(
      fc.asyncProperty(body, async (payload) => {
        await expectRefusal({
          method: "POST",
          url: "/base/api/asset/earnings",
          headers: { token: poor.token, "content-type": "application/json" },
          payload: JSON.stringify(payload),
        });
      }),
    );
  });

  it("POST home/notices and home/notice/{id} refuse bad paging, ids and bodies, whatever the token", async () => {
    const paging = fc.oneof(
      fc
        .record({ page: fc.option(anyValue, { nil: undefined }), limit: fc.option(anyValue, { nil: undefined }) })
        .filter((b) => !(validPage(b.page, 1_000_000) && validPage(b.limit, 100))),
      extraKeys,
      fc.oneof(anyString, anyNumber, fc.array(anyScalar, { minLength: 1, maxLength: 3 })),
    );
    await unchanged(
      fc.asyncProperty(paging, badToken, async (payload, token) => {
        const headers: Record<string, string> = { "content-type": "application/json", ...(token === undefined ? {} : { token }) };
        await expectRefusal({ method: "POST", url: "/base/api/home/notices", headers, payload: JSON.stringify(payload) });
      }),
    );
    await unchanged(
      fc.asyncProperty(pathSegment, fc.option(extraKeys, { nil: undefined }), async (segment, body) => {
        // Reading the one real notice while signed in marks it read: that is a change, not a refusal.
        fc.pre(!(/^[1-9]\d{0,15}$/.test(segment) && BigInt(segment) === BigInt(noticeId) && body === undefined));
        await expectRefusal({
          method: "POST",
          url: `/base/api/home/notice/${segment}`,
          headers: { token: poor.token },
          ...(body ? { payload: body } : {}),
        });
      }),
    );
  });

  it("admin endpoints refuse bad tokens, bodies and ids", async () => {
    const routes = ["product/add", "product/update/1", "product/list", "notice/add", "settlement/run"];
    await unchanged(
      fc.asyncProperty(fc.constantFrom(...routes), badToken, anyValue, async (route, token, payload) => {
        fc.pre(token !== ADMIN_TOKEN);
        const json = await expectRefusal({
          method: "POST",
          url: `/base/api/admin/${route}`,
          headers: { "content-type": "application/json", ...(token === undefined ? {} : { "x-admin-token": token }) },
          payload: JSON.stringify(payload),
        });
        expect(json.code).toBe(401);
      }),
    );
    const productBody = fc.record(
      {
        title: anyValue,
        images: anyValue,
        descriptionHtml: anyValue,
        priceCny: anyValue,
        priceUsdt: anyValue,
        stock: anyValue,
        dailyRatePpm: anyValue,
        cycleDays: anyValue,
        alloyMaterial: anyValue,
        alloyPieces: anyValue,
        onSale: anyValue,
        sort: anyValue,
      },
      { requiredKeys: [] },
    );
    const badCreate = productBody.filter((b) => !createProductBody.safeParse(b).success);
    const badUpdate = productBody.filter((b) => !updateProductBody.safeParse(b).success);
    const admin = { "x-admin-token": ADMIN_TOKEN, "content-type": "application/json" };
    await unchanged(
      fc.asyncProperty(badCreate, async (payload) => {
        await expectRefusal({
          method: "POST",
          url: "/base/api/admin/product/add",
          headers: admin,
          payload: JSON.stringify(payload),
        });
      }),
    );
    await unchanged(
      fc.asyncProperty(fc.oneof(pathSegment, fc.constant("1")), badUpdate, async (segment, payload) => {
        await expectRefusal({
          method: "POST",
          url: `/base/api/admin/product/update/${segment}`,
          headers: admin,
          payload: JSON.stringify(payload),
        });
      }),
    );
    const noticeBody = fc
      .record({ title: anyValue, summary: anyValue, contentHtml: anyValue, publishedAt: anyValue }, { requiredKeys: [] })
      .filter((b) => !publishNoticeBody.safeParse(b).success);
    await unchanged(
      fc.asyncProperty(fc.oneof(noticeBody, extraKeys), async (payload) => {
        await expectRefusal({
          method: "POST",
          url: "/base/api/admin/notice/add",
          headers: admin,
          payload: JSON.stringify(payload),
        });
      }),
    );
  });
});
