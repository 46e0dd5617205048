import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp } from "../support/test-app";
import { ADMIN_TOKEN, accountsApp, call, newUser, PNG, snapshot, uploadBase64, type AccountsApp } from "./support";

let t: AccountsApp;
let user: { token: string; address: string };
let front: string;
let back: string;
beforeEach(async () => {
  t = await accountsApp();
  user = await newUser(t.app);
  front = await uploadBase64(t.app, user.token);
  back = await uploadBase64(t.app, user.token);
});
afterEach(async () => t.close());

const admin = (url: string, payload: unknown = {}, token = ADMIN_TOKEN) =>
  call(t.app, "POST", url, { payload, headers: { "x-admin-token": token } });
const apply = (token: string, payload: unknown) => call(t.app, "POST", "/user/authApply", { token, payload });
const bankApply = (token: string, payload: unknown) => call(t.app, "POST", "/user/bankApply", { token, payload });
const identityOk = () => ({ realName: "王小明", idNumber: " 110105199003071239 ", frontImage: front, backImage: back });
const bankOk = { bankName: "中国工商银行", branch: "北京朝阳支行", holder: "王小明", cardNumber: "6222 0202 0011 2233 446" };
const status = async (token = user.token) =>
  (await call(t.app, "GET", "/user/info", { token })).data as { identityStatus: string; bankStatus: string };

async function approvedIdentity() {
  const a = await apply(user.token, identityOk());
  expect(a.code).toBe(0);
  expect((await admin(`/admin/auth/review/${a.data.id}`, { status: "approved" })).code).toBe(0);
}

describe("user/authApply", () => {
  it("files a pending application, shown masked in auth/info and as status in user/info", async () => {
    expect((await call(t.app, "POST", "/user/auth/info", { token: user.token })).data).toBe(null);
    const r = await apply(user.token, identityOk());
    expect(r).toMatchObject({
      code: 0,
      data: {
        realName: "王小明",
        idNumber: "1101**********1239",
        frontImage: front,
        backImage: back,
        status: "pending",
        reason: null,
      },
    });
    expect((await call(t.app, "POST", "/user/auth/info", { token: user.token })).data).toEqual(r.data);
    expect((await status()).identityStatus).toBe("pending");
    const row = await t.db.kysely.selectFrom("identity_applications").selectAll().executeTakeFirstOrThrow();
    expect(row.id_number).toBe("110105199003071239");
  });

  it("answers each user only their own application, images included", async () => {
    const mine = await apply(user.token, identityOk());
    const other = await newUser(t.app);
    expect((await call(t.app, "POST", "/user/auth/info", { token: other.token })).data).toBe(null);
    const [f, b] = [await uploadBase64(t.app, other.token), await uploadBase64(t.app, other.token)];
    const theirs = await apply(other.token, { ...identityOk(), idNumber: "110105900101123", frontImage: f, backImage: b });
    expect((await call(t.app, "POST", "/user/auth/info", { token: other.token })).data).toMatchObject({
      id: theirs.data.id,
      frontImage: f,
      backImage: b,
    });
    expect((await call(t.app, "POST", "/user/auth/info", { token: user.token })).data).toMatchObject({
      id: mine.data.id,
      frontImage: front,
      backImage: back,
    });
  });

  it("allows one pending application at a time, also under concurrency", async () => {
    const results = await Promise.all([
      apply(user.token, identityOk()),
      apply(user.token, identityOk()),
      apply(user.token, identityOk()),
    ]);
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code === 409).every((r) => r.key === "identity.pending")).toBe(true);
  });

  it("refuses bad ID numbers with the rule that failed", async () => {
    const cases: [string, string][] = [
      ["11010519900307123", "ID number must be 15 digits, or 17 digits followed by a digit or X"],
      ["110105199003071238", "ID number check digit is wrong"],
      ["110105199002301239", "ID number has an invalid birth date"],
      ["110105900230123", "ID number has an invalid birth date"],
    ];
    for (const [idNumber, reason] of cases)
      expect(await apply(user.token, { ...identityOk(), idNumber })).toMatchObject({
        code: 400,
        msg: `Invalid input: idNumber (${reason})`,
        key: "api.invalidInput",
        params: { field: "idNumber" },
      });
    expect((await apply(user.token, { ...identityOk(), idNumber: "110105900101123" })).code).toBe(0); // 15 digits, no check digit
  });

  it("accepts only this user's uploads as images, two different ones", async () => {
    const other = await newUser(t.app);
    const theirs = await uploadBase64(t.app, other.token);
    expect(await apply(user.token, { ...identityOk(), backImage: theirs })).toMatchObject({
      code: 400,
      msg: "backImage must be an image you uploaded",
      key: "upload.notYours",
    });
    expect(await apply(user.token, { ...identityOk(), backImage: front })).toMatchObject({
      code: 400,
      key: "identity.sameImages",
    });
    expect(await apply(user.token, { ...identityOk(), frontImage: "/base/api/uploads/../../app.sqlite" })).toMatchObject({
      code: 400,
      msg: "Invalid input: frontImage (frontImage must be the location of an uploaded image)",
      key: "api.invalidInput",
    });
  });

  it("refuses another user's ID image and the user's own images of another purpose, changing nothing", async () => {
    // The attacker saw the victim's ID card location (a screenshot, a shared link) and attaches
    // it to their own application, then tries their own avatar and bank image as ID card sides.
    const victim = await newUser(t.app);
    const victims = await uploadBase64(t.app, victim.token, PNG, "identity");
    const avatar = await uploadBase64(t.app, user.token, PNG, "avatar");
    const bankImage = await uploadBase64(t.app, user.token, PNG, "bank");
    const before = await snapshot(t.db.kysely);
    expect(await apply(user.token, { ...identityOk(), frontImage: victims })).toMatchObject({
      code: 400,
      msg: "frontImage must be an image you uploaded",
      key: "upload.notYours",
    });
    for (const image of [avatar, bankImage]) {
      expect(await apply(user.token, { ...identityOk(), backImage: image })).toMatchObject({
        code: 400,
        msg: "backImage must be an image uploaded with purpose identity",
        key: "upload.wrongPurpose",
      });
    }
    expect(await snapshot(t.db.kysely)).toEqual(before);
    // Declared as identity (or left to the default), the user's own images are accepted.
    const declared = await uploadBase64(t.app, user.token, PNG, "identity");
    expect((await apply(user.token, { ...identityOk(), backImage: declared })).code).toBe(0);
  });

  it("lets the applicant and the reviewing operator open the application's images, and nobody else", async () => {
    const a = await apply(user.token, identityOk());
    const listed = (await admin("/admin/auth/list", { status: "pending" })).data.list as {
      frontImage: string;
      backImage: string;
    }[];
    expect(listed.map((l) => [l.frontImage, l.backImage])).toEqual([[front, back]]);
    const open = (url: string, headers: Record<string, string>) => t.app.inject({ method: "GET", url, headers });
    const other = await newUser(t.app);
    for (const url of [a.data.frontImage as string, a.data.backImage as string]) {
      expect((await open(url, { "x-admin-token": ADMIN_TOKEN })).rawPayload.equals(PNG)).toBe(true);
      expect((await open(url, { token: user.token })).rawPayload.equals(PNG)).toBe(true);
      expect((await open(url, { token: other.token })).statusCode).toBe(404);
      expect((await open(url, {})).statusCode).toBe(401);
    }
  });

  it("goes pending → rejected with a reason, then a new application may be filed; approved is final", async () => {
    const first = await apply(user.token, identityOk());
    const rejected = await admin(`/admin/auth/review/${first.data.id}`, { status: "rejected", reason: "照片不清晰" });
    expect(rejected).toMatchObject({ code: 0, data: { status: "rejected", reason: "照片不清晰" } });
    expect((await status()).identityStatus).toBe("rejected");
    expect(await admin(`/admin/auth/review/${first.data.id}`, { status: "approved" })).toMatchObject({
      code: 409,
      key: "review.alreadyRejected",
    });

    const second = await apply(user.token, identityOk());
    expect(second.code).toBe(0);
    expect((await admin(`/admin/auth/review/${second.data.id}`, { status: "approved" })).data.status).toBe("approved");
    expect((await status()).identityStatus).toBe("approved");
    expect(await apply(user.token, identityOk())).toMatchObject({ code: 409, key: "identity.alreadyVerified" });
  });

  it("keeps one ID number to one account", async () => {
    expect((await apply(user.token, identityOk())).code).toBe(0);
    const other = await newUser(t.app);
    const [f, b] = [await uploadBase64(t.app, other.token), await uploadBase64(t.app, other.token)];
    expect(await apply(other.token, { ...identityOk(), frontImage: f, backImage: b })).toMatchObject({
      code: 409,
      key: "identity.idNumberTaken",
    });
  });

  it("approves one ID number for one account only, when two were filed at the same moment", async () => {
    const first = await apply(user.token, identityOk());
    const other = await newUser(t.app);
    const otherId = (
      await t.db.kysely.selectFrom("users").select("id").where("address", "=", other.address).executeTakeFirstOrThrow()
    ).id;
    // What a race past the application's check leaves behind: a second pending application.
    const second = await t.db.kysely
      .insertInto("identity_applications")
      .values({
        user_id: otherId,
        real_name: "王小明",
        id_number: "110105199003071239",
        front_image: "/x",
        back_image: "/y",
        status: "pending",
        created_at: Date.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await admin(`/admin/auth/review/${first.data.id}`, { status: "approved" })).code).toBe(0);
    expect(await admin(`/admin/auth/review/${second.id}`, { status: "approved" })).toMatchObject({
      code: 409,
      key: "identity.idNumberVerifiedElsewhere",
    });
    expect((await admin(`/admin/auth/review/${second.id}`, { status: "rejected", reason: "重复" })).data.status).toBe("rejected");
  });
});

describe("user/bankApply", () => {
  it("needs an approved identity first", async () => {
    expect(await bankApply(user.token, bankOk)).toMatchObject({
      code: 409,
      key: "bank.identityFirst",
    });
    await apply(user.token, identityOk());
    expect((await bankApply(user.token, bankOk)).code).toBe(409);
  });

  it("files a pending application in the verified name, card masked; one pending at a time; replaceable once decided", async () => {
    await approvedIdentity();
    expect((await call(t.app, "POST", "/user/bank/info", { token: user.token })).data).toBe(null);
    const r = await bankApply(user.token, bankOk);
    expect(r).toMatchObject({
      code: 0,
      data: {
        bankName: "中国工商银行",
        branch: "北京朝阳支行",
        holder: "王小明",
        cardNumber: "6222 **** **** 3446",
        status: "pending",
      },
    });
    expect((await call(t.app, "POST", "/user/bank/info", { token: user.token })).data).toEqual(r.data);
    expect((await status()).bankStatus).toBe("pending");
    expect(await bankApply(user.token, bankOk)).toMatchObject({
      code: 409,
      key: "bank.pending",
    });
    const stored = await t.db.kysely.selectFrom("bank_applications").select("card_number").executeTakeFirstOrThrow();
    expect(stored.card_number).toBe("6222020200112233446");

    expect((await admin(`/admin/bank/review/${r.data.id}`, { status: "approved" })).code).toBe(0);
    expect((await status()).bankStatus).toBe("approved");
    expect((await bankApply(user.token, { ...bankOk, cardNumber: "4111111111111111" })).code).toBe(0);
    expect((await status()).bankStatus).toBe("pending");
  });

  it("refuses another holder name and bad card numbers", async () => {
    await approvedIdentity();
    expect(await bankApply(user.token, { ...bankOk, holder: "李四" })).toMatchObject({
      code: 400,
      key: "bank.holderMismatch",
    });
    expect(await bankApply(user.token, { ...bankOk, cardNumber: "6222020200112233445" })).toMatchObject({
      code: 400,
      msg: "Invalid input: cardNumber (Card number check digit is wrong)",
      key: "api.invalidInput",
    });
    expect(await bankApply(user.token, { ...bankOk, cardNumber: "12345" })).toMatchObject({
      code: 400,
      msg: "Invalid input: cardNumber (Card number must be 12 to 19 digits)",
      key: "api.invalidInput",
    });
    expect(await bankApply(user.token, { ...bankOk, branch: "<img src=x onerror=alert(1)>" })).toMatchObject({
      code: 400,
      msg: "Invalid input: branch (branch must not contain control characters or < >)",
      key: "api.invalidInput",
    });
  });
});

describe("operator endpoints", () => {
  it("lists applications by status with full numbers for the operator", async () => {
    await apply(user.token, identityOk());
    const list = await admin("/admin/auth/list", { status: "pending" });
    expect(list).toMatchObject({ code: 0, data: { total: 1, page: 1, limit: 10 } });
    expect(list.data.list[0]).toMatchObject({ idNumber: "110105199003071239", address: user.address, status: "pending" });
    expect((await admin("/admin/auth/list", { status: "approved" })).data.total).toBe(0);
    expect((await call(t.app, "POST", "/admin/auth/list", { headers: { "x-admin-token": ADMIN_TOKEN } })).data.total).toBe(1);
    expect((await admin("/admin/bank/list")).data).toMatchObject({ list: [], total: 0 });
    await admin(`/admin/auth/review/${list.data.list[0].id}`, { status: "approved" });
    await bankApply(user.token, bankOk);
    const banks = await admin("/admin/bank/list", { status: "pending" });
    expect(banks.data).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(banks.data.list[0]).toMatchObject({ cardNumber: "6222020200112233446", address: user.address, status: "pending" });
  });

  it("refuses a missing or wrong token, and everything when no token is configured", async () => {
    expect(await call(t.app, "POST", "/admin/auth/list", { payload: {} })).toMatchObject({
      code: 401,
      key: "admin.badToken",
    });
    expect((await admin("/admin/auth/list", {}, "wrong-token-wrong-token")).code).toBe(401);
    expect((await admin("/admin/bank/review/1", { status: "approved" }, "nope")).code).toBe(401);
    const closed = await createTestApp();
    try {
      for (const token of [ADMIN_TOKEN, ""]) {
        expect(
          await call(closed.app, "POST", "/admin/auth/list", { payload: {}, headers: { "x-admin-token": token } }),
        ).toMatchObject({
          code: 403,
          key: "admin.disabled",
        });
        expect(
          (
            await call(closed.app, "POST", "/admin/bank/review/1", {
              payload: { status: "approved" },
              headers: { "x-admin-token": token },
            })
          ).code,
        ).toBe(403);
      }
    } finally {
      await closed.close();
    }
  });

  it("validates reviews: unknown ids, missing reasons", async () => {
    expect(await admin("/admin/auth/review/999", { status: "approved" })).toMatchObject({
      code: 404,
      key: "review.notFound",
    });
    expect(await admin("/admin/bank/review/999", { status: "approved" })).toMatchObject({
      code: 404,
      key: "review.notFound",
    });
    expect((await admin("/admin/auth/review/1", { status: "rejected" })).code).toBe(400);
    expect((await admin("/admin/auth/review/1", { status: "rejected", reason: "  " })).msg).toBe(
      "Invalid input: reason (reason must not be empty)",
    );
    expect((await admin("/admin/auth/review/abc", { status: "approved" })).code).toBe(400);
  });
});
