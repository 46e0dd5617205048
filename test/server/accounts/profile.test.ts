import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { verifyFundPassword } from "../../../server/modules/register/fund-password";
import {
  accountsApp,
  agePastResendLimit,
  call,
  mailedCode,
  newUser,
  PNG,
  registerUser,
  uploadBase64,
  type AccountsApp,
} from "./support";

let t: AccountsApp;
beforeEach(async () => {
  t = await accountsApp();
});
afterEach(async () => t.close());

const edit = (token: string, payload: unknown) => call(t.app, "POST", "/user/edit", { token, payload });
const storedHash = async (address: string) =>
  (await t.db.kysely.selectFrom("users").select("fund_password_hash").where("address", "=", address).executeTakeFirstOrThrow())
    .fund_password_hash!;

describe("user/info", () => {
  it("answers the account state of a fresh user", async () => {
    const u = await newUser(t.app);
    const r = await call(t.app, "GET", "/user/info", { token: u.token });
    expect(r.data).toMatchObject({
      email: null,
      identityStatus: "none",
      bankStatus: "none",
      fundPasswordSet: false,
      registered: false,
      avatar: null,
      nickname: null,
      inviter: null,
    });
  });
});

describe("user/edit", () => {
  it("changes nickname and avatar (an own upload), and clears them with null", async () => {
    const u = await newUser(t.app);
    const avatar = await uploadBase64(t.app, u.token, PNG, "avatar");
    const r = await edit(u.token, { nickname: "  小明 Ming_01 ", avatar });
    expect(r).toMatchObject({ code: 0, data: { nickname: "小明 Ming_01", avatar } });
    expect((await edit(u.token, { nickname: null, avatar: null })).data).toMatchObject({ nickname: null, avatar: null });
    expect((await edit(u.token, { nickname: "" })).data.nickname).toBe(null);
  });

  it("refuses another user's upload and made-up locations as avatar", async () => {
    const u = await newUser(t.app);
    const other = await newUser(t.app);
    const theirs = await uploadBase64(t.app, other.token, PNG, "avatar");
    expect(await edit(u.token, { avatar: theirs })).toMatchObject({
      code: 400,
      msg: "avatar must be an image you uploaded",
      key: "upload.notYours",
    });
    expect(await edit(u.token, { avatar: `/base/api/uploads/${"a".repeat(32)}.png` })).toMatchObject({
      code: 400,
      msg: "avatar must be an image you uploaded",
      key: "upload.notYours",
    });
    expect(await edit(u.token, { avatar: "https://evil.example/x.png" })).toMatchObject({
      code: 400,
      msg: "Invalid input: avatar (avatar must be the location of an uploaded image)",
      key: "api.invalidInput",
    });
  });

  it("refuses the user's own ID card or bank image as avatar (private images would show to nobody else)", async () => {
    const u = await newUser(t.app);
    for (const purpose of [undefined, "identity", "bank"] as const) {
      const image = await uploadBase64(t.app, u.token, PNG, purpose);
      expect(await edit(u.token, { avatar: image })).toMatchObject({
        code: 400,
        msg: "avatar must be an image uploaded with purpose avatar",
        key: "upload.wrongPurpose",
      });
    }
    expect((await call(t.app, "GET", "/user/info", { token: u.token })).data.avatar).toBe(null);
  });

  it("changes the fund password only with the old one", async () => {
    const u = await newUser(t.app);
    expect(await edit(u.token, { oldPassword: "123456", newPassword: "654321" })).toMatchObject({
      code: 409,
      key: "profile.noFundPassword",
    });
    expect((await registerUser(t, u.token, { fundPassword: "123456" })).code).toBe(0);
    expect(await edit(u.token, { oldPassword: "000000", newPassword: "654321" })).toMatchObject({
      code: 400,
      key: "fundPassword.wrongOld",
    });
    expect(await verifyFundPassword("123456", await storedHash(u.address))).toBe(true);
    expect(await edit(u.token, { newPassword: "654321" })).toMatchObject({
      code: 400,
      msg: "Invalid input: body (Send oldPassword and newPassword together to change the fund password)",
      key: "api.invalidInput",
      params: { field: "body" },
    });
    expect((await edit(u.token, { oldPassword: "123456", newPassword: "654321" })).code).toBe(0);
    expect(await verifyFundPassword("654321", await storedHash(u.address))).toBe(true);
  });

  it("validates nickname and refuses an empty edit", async () => {
    const u = await newUser(t.app);
    expect(await edit(u.token, {})).toMatchObject({
      code: 400,
      msg: "Invalid input: body (Nothing to change: send nickname, avatar or oldPassword and newPassword)",
      key: "api.invalidInput",
    });
    expect((await edit(u.token, { nickname: "<script>" })).msg).toBe(
      "Invalid input: nickname (nickname must be 1 to 32 letters, digits, spaces or _ - . ·)",
    );
    expect((await edit(u.token, { nickname: "x".repeat(33) })).code).toBe(400);
  });

  it("is rate-limited per user", async () => {
    await t.close();
    t = await accountsApp({ PROFILE_RATE_LIMIT_PER_MINUTE: "2" });
    const u = await newUser(t.app);
    expect((await edit(u.token, { nickname: "a" })).code).toBe(0);
    expect((await edit(u.token, { nickname: "b" })).code).toBe(0);
    expect((await edit(u.token, { nickname: "c" })).msg).toMatch(/^Too many profile changes; try again in \d+ s$/);
  });
});

describe("home/forget", () => {
  it("resets the fund password with a forget code, once", async () => {
    const u = await newUser(t.app);
    await registerUser(t, u.token, { email: "f@example.com", fundPassword: "123456" });
    await agePastResendLimit(t.db.kysely, "f@example.com");
    expect((await call(t.app, "POST", "/home/send/email", { payload: { email: "f@example.com", purpose: "forget" } })).code).toBe(
      0,
    );
    const code = mailedCode(t.dataDir, "f@example.com");
    expect(
      await call(t.app, "POST", "/home/forget", { payload: { email: "f@example.com", code, fundPassword: "abcdef" } }),
    ).toMatchObject({ code: 0 });
    expect(await verifyFundPassword("abcdef", await storedHash(u.address))).toBe(true);
    expect(
      await call(t.app, "POST", "/home/forget", { payload: { email: "f@example.com", code, fundPassword: "zzzzzz" } }),
    ).toMatchObject({
      code: 400,
      key: "code.used",
    });
    expect(await verifyFundPassword("abcdef", await storedHash(u.address))).toBe(true);
  });

  it("refuses a register code and an unknown email", async () => {
    const u = await newUser(t.app);
    await registerUser(t, u.token, { email: "g@example.com" });
    const registerCode = mailedCode(t.dataDir, "g@example.com");
    expect(
      await call(t.app, "POST", "/home/forget", {
        payload: { email: "g@example.com", code: registerCode, fundPassword: "abcdef" },
      }),
    ).toMatchObject({
      code: 400,
      key: "code.notSent",
    });
    expect(
      await call(t.app, "POST", "/home/forget", {
        payload: { email: "nobody@example.com", code: "123456", fundPassword: "abcdef" },
      }),
    ).toMatchObject({
      code: 404,
      key: "account.noSuchEmail",
    });
  });

  it("lets one of two concurrent resets with the same code through", async () => {
    const u = await newUser(t.app);
    await registerUser(t, u.token, { email: "h@example.com" });
    await agePastResendLimit(t.db.kysely, "h@example.com");
    await call(t.app, "POST", "/home/send/email", { payload: { email: "h@example.com", purpose: "forget" } });
    const code = mailedCode(t.dataDir, "h@example.com");
    const results = await Promise.all(
      ["aaaaaa", "bbbbbb", "cccccc"].map((fundPassword) =>
        call(t.app, "POST", "/home/forget", { payload: { email: "h@example.com", code, fundPassword } }),
      ),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
  });
});

describe("user/download", () => {
  it("answers the versions and configured links", async () => {
    expect(await call(t.app, "POST", "/user/download")).toMatchObject({
      code: 0,
      data: { appVersion: "1.0.0", clientVersion: 5, androidUrl: null, iosUrl: null },
    });
    const configured = await accountsApp({ DOWNLOAD_ANDROID_URL: "https://example.com/pex.apk", APP_VERSION: "1.2.3" });
    try {
      expect((await call(configured.app, "POST", "/user/download", { payload: {} })).data).toMatchObject({
        appVersion: "1.2.3",
        androidUrl: "https://example.com/pex.apk",
      });
      expect((await call(configured.app, "POST", "/user/download", { payload: { x: 1 } })).code).toBe(400);
    } finally {
      await configured.close();
    }
  });
});
