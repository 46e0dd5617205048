import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEmail, normaliseEmail } from "../../../domain/email";
import { idNumberProblem, normaliseIdNumber } from "../../../domain/id-number";
import { detectImageType } from "../../../domain/image-type";
import { cardNumberProblem, normaliseCardNumber } from "../../../domain/luhn";
import { fundPasswordProblem } from "../../../domain/password";
import { plainTextProblem } from "../../../domain/plain-text";
import { isPhone } from "../../../domain/phone";
import { ENDPOINTS, type Endpoint } from "./endpoints";
import {
  ADMIN_TOKEN,
  accountsApp,
  call,
  files,
  multipart,
  newUser,
  PNG,
  registerUser,
  snapshot,
  textedCode,
  uploadBase64,
  type AccountsApp,
} from "./support";

/**
 * Property-based fuzzing of every call of the accounts area: bodies that are wrong by
 * construction (a field of the wrong type or shape, a field missing, an unknown field, hostile
 * strings, numbers out of range, path tricks) must get a 4xx envelope with a non-zero code and a
 * readable msg, never a 5xx, and must leave the database and the data folder as they were.
 */

let t: AccountsApp;
let token: string;
let addressId: number;
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

beforeAll(async () => {
  t = await accountsApp({ UPLOAD_RATE_LIMIT_PER_MINUTE: "100000", PROFILE_RATE_LIMIT_PER_MINUTE: "100000" });
  ({ token } = await newUser(t.app));
  // Some state to (not) change: a registered user with an upload, an address and an application.
  await registerUser(t, token, { email: "fuzz@example.com" });
  const [front, back] = [await uploadBase64(t.app, token), await uploadBase64(t.app, token, PNG)];
  // The phone is proved with its SMS code, so the fuzzed address bodies need none.
  await call(t.app, "GET", "/home/sending/13812345678");
  addressId = (
    await call(t.app, "POST", "/user/add/addr", {
      token,
      payload: {
        receiver: "王小明",
        phone: "13812345678",
        provinceCode: "11",
        cityCode: "1101",
        districtCode: "110105",
        detail: "建国路 88 号",
        phoneCode: textedCode(t.dataDir, "13812345678"),
      },
    })
  ).data.id;
  await call(t.app, "POST", "/user/authApply", {
    token,
    payload: { realName: "王小明", idNumber: "110105199003071239", frontImage: front, backImage: back },
  });
}, 60_000);
afterAll(async () => t.close());

const hostileStrings = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1; DELETE FROM addresses",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%2e%2e%2f%2e%2e%2f",
  "\u0000",
  "\u202e\u0007",
  "${7*7}{{7*7}}",
  "x".repeat(5000),
];
const notJsonObjects = fc.constantFrom<unknown>({}, [], [1, 2], { $gt: "" }, { __proto__: { admin: true } }, [{}]);
const hugeNumbers = fc.constantFrom(-1, 0, 1.5, -0.5, 1e21, -1e21, Number.MAX_SAFE_INTEGER + 2, 2 ** 63);

/** Strings that no string field with `valid` accepts. */
const badString = (valid: (s: string) => boolean) =>
  fc
    .oneof(fc.constantFrom(...hostileStrings), fc.string({ maxLength: 80 }), fc.string({ unit: "grapheme", maxLength: 40 }))
    .filter((s) => !valid(s));

type Kind = fc.Arbitrary<unknown>;
/** A value that is wrong for a string field: wrong type, or a string that fails the field's rule. */
const stringField = (valid: (s: string) => boolean, nullable = false): Kind =>
  fc.oneof(badString(valid), fc.integer(), hugeNumbers, fc.boolean(), notJsonObjects, ...(nullable ? [] : [fc.constant(null)]));
const numberField = (valid: (n: number) => boolean): Kind =>
  fc.oneof(
    fc.double({ noNaN: true }).filter((n) => !valid(n)),
    hugeNumbers.filter((n) => !valid(n)),
    fc.constantFrom(...hostileStrings),
    fc.boolean(),
    notJsonObjects,
    fc.constant(null),
  );

const plain = (max: number) => (s: string) => plainTextProblem(s, "field", max) === null;
const location = (s: string) => /^\/base\/api\/uploads\/[0-9a-f]{32}\.(jpg|png|webp)$/.test(s);
const page = (max: number) => (n: number) => Number.isInteger(n) && n >= 1 && n <= max;

const FIELDS: Record<string, Kind> = {
  email: stringField((s) => s.length <= 254 && isEmail(normaliseEmail(s))),
  code: stringField((s) => /^\d{6}$/.test(s)),
  fundPassword: stringField((s) => fundPasswordProblem(s) === null),
  newPassword: stringField((s) => fundPasswordProblem(s) === null),
  oldPassword: fc.oneof(fc.constant("x".repeat(65)), fc.integer(), notJsonObjects, fc.boolean()),
  invitationCode: stringField((s) => s.length <= 16 && /^[2-9A-HJKMNP-Z]{8}$|^$/.test(s.trim().toUpperCase())),
  nickname: stringField((s) => s.trim() === "" || /^[\p{L}\p{M}\p{N}_\-.·• ]{1,32}$/u.test(s.trim()), true),
  avatar: stringField(location, true),
  frontImage: stringField(location),
  backImage: stringField(location),
  realName: stringField((s) => /^[\p{L}\p{M}][\p{L}\p{M}·• .'-]{0,62}[\p{L}\p{M}.]$/u.test(s.trim().normalize("NFC"))),
  holder: stringField((s) => /^[\p{L}\p{M}][\p{L}\p{M}·• .'-]{0,62}[\p{L}\p{M}.]$/u.test(s.trim().normalize("NFC"))),
  idNumber: stringField((s) => s.length <= 32 && idNumberProblem(normaliseIdNumber(s)) === null),
  cardNumber: stringField((s) => s.length <= 40 && cardNumberProblem(normaliseCardNumber(s)) === null),
  bankName: stringField(plain(64)),
  branch: stringField(plain(128)),
  receiver: stringField(plain(32)),
  detail: stringField(plain(200)),
  phone: stringField(isPhone),
  provinceCode: stringField((s) => /^\d{2,12}$/.test(s)),
  cityCode: stringField((s) => /^\d{2,12}$/.test(s)),
  districtCode: stringField((s) => /^\d{2,12}$/.test(s)),
  isDefault: fc.oneof(fc.constantFrom("true", "false", 1, 0, null), notJsonObjects),
  purpose: stringField((s) => s === "register" || s === "forget"),
  status: stringField((s) => ["pending", "approved", "rejected"].includes(s)),
  reason: stringField(plain(200)),
  file: fc.oneof(
    fc.constantFrom("not base64!", "data:text/html,<script>", "====", "", "a"),
    fc.integer(),
    notJsonObjects,
    fc.constant(null),
  ),
  page: numberField(page(1_000_000)),
  limit: numberField(page(100)),
  level: numberField(page(1000)),
  id: numberField((n) => Number.isSafeInteger(n) && n >= 1),
};

/** Fields a body may omit (everything else in `valid` is required). */
const OPTIONAL = new Set([
  "invitationCode",
  "nickname",
  "avatar",
  "oldPassword",
  "newPassword",
  "isDefault",
  "page",
  "limit",
  "level",
  "status",
]);

function badBodies(e: Endpoint): fc.Arbitrary<unknown> {
  const valid = e.valid!;
  const keys = Object.keys(valid);
  const required = keys.filter((k) => !OPTIONAL.has(k));
  const variants: fc.Arbitrary<unknown>[] = [
    // One field made wrong (the others stay valid).
    ...keys
      .filter((k) => FIELDS[k] && !(k === "oldPassword" || k === "newPassword"))
      .map((k) => FIELDS[k]!.map((v) => ({ ...valid, [k]: v }))),
    // An unknown field next to valid ones.
    fc.tuple(fc.stringMatching(/^[a-z]{1,10}$/), fc.jsonValue()).map(([k, v]) => ({ ...valid, [`x_${k}`]: v })),
    // Not an object at all (a missing body is fine for calls whose fields are all optional).
    fc.oneof(fc.constant([]), fc.integer(), fc.constantFrom(...hostileStrings), fc.array(fc.jsonValue(), { maxLength: 3 })),
  ];
  if (required.length > 0)
    variants.push(
      fc.constantFrom(...required).map((k) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== k))),
    );
  if (e.url === "/user/edit") variants.push(FIELDS.newPassword!.map((v) => ({ oldPassword: "123456", newPassword: v })));
  return fc.oneof(...variants);
}

function headersFor(e: Endpoint): { token?: string; headers?: Record<string, string> } {
  if (e.auth === "user") return { token };
  if (e.auth === "admin") return { headers: { "x-admin-token": ADMIN_TOKEN } };
  return {};
}

function expectRefused(r: { status: number; code: number; msg: string; data: unknown }, what: string) {
  expect(r.status, what).toBeGreaterThanOrEqual(400);
  expect(r.status, what).toBeLessThan(500);
  expect(r.code, what).not.toBe(0);
  expect(typeof r.msg === "string" && r.msg.trim().length > 0, what).toBe(true);
  expect(r.msg, what).not.toMatch(/Internal server error|stack|at .*\.ts:\d+/);
  expect(r.data, what).toBeNull();
}

async function unchanged(run: () => Promise<void>) {
  const before = await snapshot(t.db.kysely);
  const filesBefore = files(t.dataDir);
  await run();
  expect(await snapshot(t.db.kysely)).toEqual(before);
  expect(files(t.dataDir)).toEqual(filesBefore);
}

describe("fuzzing the accounts calls", () => {
  for (const e of ENDPOINTS.filter((x) => x.method === "POST" && x.valid)) {
    it(`${e.method} ${e.url}: malformed bodies are refused and change nothing`, async () => {
      const url = e.url === "/user/update/addr" ? e.url : e.url.replace("/delete/addr/1", `/delete/addr/${addressId}`);
      await unchanged(async () => {
        await fc.assert(
          fc.asyncProperty(badBodies(e), async (payload) => {
            const r = await call(t.app, e.method, url, {
              ...headersFor(e),
              payload: JSON.stringify(payload),
              headers: { ...headersFor(e).headers, "content-type": "application/json" },
            });
            expectRefused(r, `${e.url} ${JSON.stringify(payload)?.slice(0, 200)}`);
          }),
          { numRuns: RUNS },
        );
      });
    });
  }

  it("malformed JSON and wrong content types are refused everywhere", async () => {
    await unchanged(async () => {
      for (const e of ENDPOINTS.filter((x) => x.method === "POST")) {
        for (const [type, body] of [
          ["application/json", "{nope"],
          ["application/json", '{"a":'],
          ["application/json", '{"__proto__":{"x":1}}'],
          ["text/plain", "hello"],
          ["application/xml", "<a/>"],
        ]) {
          const r = await call(t.app, "POST", e.url, {
            ...headersFor(e),
            payload: body,
            headers: { ...headersFor(e).headers, "content-type": type! },
          });
          expectRefused(r, `${e.url} ${type} ${body}`);
        }
      }
    });
  });

  it("path parameters: ids, pages and phones with tricks are refused", async () => {
    const tricks = fc.oneof(
      fc.constantFrom(
        "0",
        "-1",
        "1.5",
        "1e3",
        "abc",
        "99999999999999999999",
        "%00",
        "1%20OR%201=1",
        "..%2F..%2Fetc",
        "%2e%2e",
        "1;DROP",
        "%E2%80%AE",
        "0x10",
      ),
      // Digits alone could be a real id, page or phone: those are not tricks.
      fc
        .string({ maxLength: 30 })
        .filter((x) => !/^\d+$/.test(x))
        .map(encodeURIComponent),
    );
    await unchanged(async () => {
      await fc.assert(
        fc.asyncProperty(tricks, async (seg) => {
          for (const [method, url, auth, body] of [
            ["POST", `/user/delete/addr/${seg}`, "user", {}],
            ["POST", `/admin/auth/review/${seg}`, "admin", { status: "approved" }],
            ["POST", `/admin/bank/review/${seg}`, "admin", { status: "approved" }],
            ["GET", `/user/invite/records/${seg}`, "user", undefined],
            ["GET", `/home/sending/${seg}`, "public", undefined],
          ] as const) {
            const opts = headersFor({ method, url, auth });
            const r = await call(t.app, method, url, { ...opts, payload: body });
            expectRefused(r, `${method} ${url}`);
          }
        }),
        { numRuns: RUNS },
      );
    });
  });

  it("multipart uploads: non-images, wrong fields, path-trick file names and too many parts store nothing", async () => {
    const notImage = fc.uint8Array({ maxLength: 3000 }).filter((b) => detectImageType(b) === null);
    const fileName = fc.oneof(
      fc.constantFrom(
        "../../../etc/passwd",
        "..\\..\\a.png",
        "/abs/x.png",
        "a\u0000.png",
        "%2e%2e%2fx.png",
        ".htaccess",
        "x.png.php",
      ),
      fc.string({ maxLength: 40 }),
    );
    const field = fc.oneof(
      fc.constantFrom("file", "files", "../file", "user", "__proto__", ""),
      fc.stringMatching(/^[a-z]{1,8}$/),
    );
    const parts = fc.array(
      fc.record({ name: field, filename: fc.option(fileName, { nil: undefined }), value: notImage.map((b) => Buffer.from(b)) }),
      { minLength: 1, maxLength: 4 },
    );
    await unchanged(async () => {
      await fc.assert(
        fc.asyncProperty(parts, async (ps) => {
          // Names with quotes or line breaks would break the hand-built body rather than test the server.
          const safe = ps.map((p) => ({
            ...p,
            name: p.name.replace(/["\r\n]/g, ""),
            filename: p.filename?.replace(/["\r\n]/g, ""),
          }));
          const { payload, headers } = multipart(safe);
          const res = await t.app.inject({
            method: "POST",
            url: "/base/api/user//upload",
            payload,
            headers: { ...headers, token },
          });
          expectRefused({ ...res.json(), status: res.statusCode }, JSON.stringify(safe.map((p) => [p.name, p.filename])));
        }),
        { numRuns: RUNS },
      );
    });
  });
});
