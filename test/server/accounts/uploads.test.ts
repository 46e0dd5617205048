import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { accountsApp, call, files, JPEG, multipart, newUser, PNG, WEBP, type AccountsApp } from "./support";

let t: AccountsApp;
let token: string;
beforeEach(async () => {
  t = await accountsApp();
  ({ token } = await newUser(t.app));
});
afterEach(async () => t.close());

const uploadsDir = () => path.join(t.dataDir, "uploads");
const postMultipart = (url: string, parts: Parameters<typeof multipart>[0], tok: string | null = token) => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({
    method: "POST",
    url: `/base/api${url}`,
    payload,
    headers: { ...headers, ...(tok ? { token: tok } : {}) },
  });
};

describe("POST user//upload (multipart)", () => {
  it("stores the image under a random name and serves it back to its owner with safe headers", async () => {
    const res = await postMultipart("/user//upload", [
      { name: "user", value: "0xabc" },
      { name: "file", filename: "../../etc/passwd.png", type: "image/gif", value: PNG },
    ]);
    expect(res.statusCode).toBe(200);
    const location = res.json().data as string;
    expect(location).toMatch(/^\/base\/api\/uploads\/[0-9a-f]{32}\.png$/);
    expect(files(uploadsDir())).toEqual([path.basename(location)]);

    const served = await t.app.inject({ method: "GET", url: location, headers: { token } });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const row = await t.db.kysely.selectFrom("uploads").selectAll().executeTakeFirstOrThrow();
    // No purpose sent: an ID card side, private (the specification's call has no purpose field).
    expect(row).toMatchObject({ file_name: path.basename(location), mime: "image/png", purpose: "identity" });
    expect(Number(row.size)).toBe(PNG.length);
    expect(BigInt(row.user_id)).toBeGreaterThan(0n);
  });

  it("records the purpose given in the form field purpose, in any order of the parts", async () => {
    for (const purpose of ["avatar", "identity", "bank"]) {
      const res = await postMultipart("/user//upload", [
        { name: "file", filename: "a.png", value: PNG },
        { name: "user", value: "0xabc" },
        { name: "purpose", value: purpose },
      ]);
      expect(res.json().code, purpose).toBe(0);
      const row = await t.db.kysely
        .selectFrom("uploads")
        .select("purpose")
        .where("file_name", "=", path.basename(res.json().data as string))
        .executeTakeFirstOrThrow();
      expect(row.purpose).toBe(purpose);
    }
  });

  it("refuses an unknown or repeated purpose and stores nothing", async () => {
    for (const [parts, msg] of [
      [[{ name: "purpose", value: "public" }], "Invalid input: purpose (purpose must be one of avatar, identity, bank)"],
      [[{ name: "purpose", value: "" }], "Invalid input: purpose (purpose must be one of avatar, identity, bank)"],
      [
        [
          { name: "purpose", value: "avatar" },
          { name: "purpose", value: "identity" },
        ],
        "Send the form field purpose once",
      ],
    ] as const) {
      const res = await postMultipart("/user//upload", [...parts, { name: "file", filename: "a.png", value: PNG }]);
      expect(res.statusCode, msg).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, msg });
    }
    expect(files(uploadsDir())).toEqual([]);
    expect(await t.db.kysely.selectFrom("uploads").selectAll().execute()).toEqual([]);
  });

  it("is also reachable with a single slash (proxies merge slashes)", async () => {
    const res = await postMultipart("/user/upload", [{ name: "file", filename: "a.jpg", value: JPEG }]);
    expect(res.json().data).toMatch(/\.jpg$/);
  });

  it("recognises JPEG, PNG and WebP by their bytes and names the file by what it is", async () => {
    const jpeg = await postMultipart("/user//upload", [{ name: "file", filename: "photo.png", type: "image/png", value: JPEG }]);
    expect(jpeg.json().data).toMatch(/\.jpg$/);
    const webp = await postMultipart("/user//upload", [{ name: "file", filename: "x", value: WEBP }]);
    expect(webp.json().data).toMatch(/\.webp$/);
  });

  it("refuses files that are not images, whatever their name and declared type", async () => {
    for (const value of [
      Buffer.from("GIF89a\x01\x00\x01\x00"),
      Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"),
      Buffer.from("<html>"),
    ]) {
      const res = await postMultipart("/user//upload", [{ name: "file", filename: "evil.png", type: "image/png", value }]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, key: "upload.notImage" });
    }
    expect(files(uploadsDir())).toEqual([]);
  });

  it("refuses more than 5 MB", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await postMultipart("/user//upload", [{ name: "file", filename: "big.png", value: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, key: "upload.tooLarge", params: { megabytes: 5 } });
    expect(files(uploadsDir())).toEqual([]);
  });

  it("refuses a missing file, two files, other fields and non-multipart bodies", async () => {
    const cases: [Parameters<typeof multipart>[0], string][] = [
      [[{ name: "user", value: "x" }], "The form field file is missing"],
      [
        [
          { name: "file", filename: "a.png", value: PNG },
          { name: "file", filename: "b.png", value: PNG },
        ],
        "Send exactly one file, in the field file",
      ],
      [[{ name: "image", filename: "a.png", value: PNG }], 'Unknown file field "image": send the image in the field file'],
      [
        [
          { name: "admin", value: "1" },
          { name: "file", filename: "a.png", value: PNG },
        ],
        'Unknown form field "admin": only file, user and purpose are accepted',
      ],
      [[{ name: "file", filename: "empty.png", value: Buffer.alloc(0) }], "The file is empty"],
    ];
    for (const [parts, msg] of cases) {
      const res = await postMultipart("/user//upload", parts);
      expect(res.statusCode, msg).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, msg });
    }
    const json = await call(t.app, "POST", "/user//upload", { token, payload: { file: "x" } });
    expect(json).toMatchObject({ code: 400, key: "upload.notMultipart" });
    const garbage = await t.app.inject({
      method: "POST",
      url: "/base/api/user//upload",
      headers: { token, "content-type": "multipart/form-data; boundary=zzz" },
      payload: "--zzz\r\nnonsense",
    });
    expect(garbage.statusCode).toBe(400);
    expect(files(uploadsDir())).toEqual([]);
    expect(await t.db.kysely.selectFrom("uploads").selectAll().execute()).toEqual([]);
  });

  it("answers 401 without a session", async () => {
    const res = await postMultipart("/user//upload", [{ name: "file", filename: "a.png", value: PNG }], null);
    expect(res.statusCode).toBe(401);
    expect(files(uploadsDir())).toEqual([]);
  });
});

describe("POST user/upload/base64", () => {
  it("accepts a data URL and bare base64", async () => {
    const a = await call(t.app, "POST", "/user/upload/base64", {
      token,
      payload: { file: `data:image/jpeg;base64,${PNG.toString("base64")}` },
    });
    expect(a.data).toMatch(/\.png$/); // the bytes decide, not the declared type
    const b = await call(t.app, "POST", "/user/upload/base64", { token, payload: { file: WEBP.toString("base64") } });
    expect(b.data).toMatch(/\.webp$/);
    expect(fs.readFileSync(path.join(uploadsDir(), path.basename(b.data))).equals(WEBP)).toBe(true);
  });

  it("records the purpose (identity when none is given) and refuses an unknown one", async () => {
    const file = PNG.toString("base64");
    const purposeOf = async (location: string) =>
      (
        await t.db.kysely
          .selectFrom("uploads")
          .select("purpose")
          .where("file_name", "=", path.basename(location))
          .executeTakeFirstOrThrow()
      ).purpose;
    expect(await purposeOf((await call(t.app, "POST", "/user/upload/base64", { token, payload: { file } })).data)).toBe(
      "identity",
    );
    for (const purpose of ["avatar", "identity", "bank"]) {
      const r = await call(t.app, "POST", "/user/upload/base64", { token, payload: { file, purpose } });
      expect(await purposeOf(r.data)).toBe(purpose);
    }
    for (const purpose of ["public", "AVATAR", 1, null]) {
      expect(await call(t.app, "POST", "/user/upload/base64", { token, payload: { file, purpose } })).toMatchObject({
        code: 400,
        msg: "Invalid input: purpose (purpose must be one of avatar, identity, bank)",
        key: "api.invalidInput",
      });
    }
    expect(await t.db.kysely.selectFrom("uploads").selectAll().execute()).toHaveLength(4);
  });

  it("refuses malformed base64, non-images and oversize images", async () => {
    expect(await call(t.app, "POST", "/user/upload/base64", { token, payload: { file: "not base64!" } })).toMatchObject({
      code: 400,
      msg: "Invalid input: file (file must be base64 (optionally as a data:image/...;base64, URL))",
      key: "api.invalidInput",
    });
    expect(
      await call(t.app, "POST", "/user/upload/base64", {
        token,
        payload: { file: Buffer.from("GIF89a....").toString("base64") },
      }),
    ).toMatchObject({
      code: 400,
      key: "upload.notImage",
    });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]).toString("base64");
    expect(await call(t.app, "POST", "/user/upload/base64", { token, payload: { file: big } })).toMatchObject({
      code: 400,
      msg: "Invalid input: file (file must be at most 5 MB)",
      key: "api.invalidInput",
    });
    expect(files(uploadsDir())).toEqual([]);
  });
});

describe("serving", () => {
  it("serves nothing outside the uploads folder and answers 404 envelopes for unknown names", async () => {
    fs.writeFileSync(path.join(t.dataDir, "secret.txt"), "TOP-SECRET-CONTENT");
    for (const url of [
      "/base/api/uploads/../secret.txt",
      "/base/api/uploads/..%2fsecret.txt",
      "/base/api/uploads/%2e%2e/secret.txt",
      "/base/api/uploads/nope.png",
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body).not.toContain("TOP-SECRET-CONTENT");
    }
  });
});

describe("rate limit", () => {
  it("shares one per-user budget between both upload calls", async () => {
    const limited = await accountsApp({ UPLOAD_RATE_LIMIT_PER_MINUTE: "2" });
    try {
      const u = await newUser(limited.app);
      const other = await newUser(limited.app);
      const viaBase64 = () =>
        call(limited.app, "POST", "/user/upload/base64", { token: u.token, payload: { file: PNG.toString("base64") } });
      const { payload, headers } = multipart([{ name: "file", filename: "a.png", value: PNG }]);
      const viaMultipart = async () =>
        (
          await limited.app.inject({
            method: "POST",
            url: "/base/api/user//upload",
            payload,
            headers: { ...headers, token: u.token },
          })
        ).json();
      expect((await viaBase64()).code).toBe(0);
      expect((await viaMultipart()).code).toBe(0);
      const third = await viaBase64();
      expect(third.code).toBe(429);
      expect(third.msg).toMatch(/^Too many uploads; try again in \d+ s$/);
      expect((await viaMultipart()).code).toBe(429);
      // Another user has their own budget.
      expect(
        (
          await call(limited.app, "POST", "/user/upload/base64", {
            token: other.token,
            payload: { file: PNG.toString("base64") },
          })
        ).code,
      ).toBe(0);
    } finally {
      await limited.close();
    }
  });
});
