import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { verifyFundPassword } from "../../../server/modules/register/fund-password";
import { accountsApp, agePastResendLimit, call, mailedCode, newUser, registerUser, type AccountsApp } from "./support";

let t: AccountsApp;
beforeEach(async () => {
  t = await accountsApp();
});
afterEach(async () => t.close());

const info = async (token: string) => (await call(t.app, "GET", "/user/info", { token })).data;
const sendCode = (email: string, purpose = "register") =>
  call(t.app, "POST", "/home/send/email", { payload: { email, purpose } });
const register = (token: string, payload: Record<string, unknown>) => call(t.app, "POST", "/user/register", { token, payload });

describe("user/register", () => {
  it("binds inviter, email and a scrypt-hashed fund password; user/info shows it", async () => {
    const alice = await newUser(t.app);
    const bob = await newUser(t.app);
    const aliceCode = (await info(alice.token)).invitation;
    expect(await info(bob.token)).toMatchObject({ registered: false, fundPasswordSet: false, email: null, inviter: null });

    const r = await registerUser(t, bob.token, {
      email: "Bob@Example.com",
      invitationCode: aliceCode.toLowerCase(),
      fundPassword: "s3cret!",
    });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({
      address: bob.address,
      inviter: aliceCode,
      email: "b***@example.com",
      registered: true,
      fundPasswordSet: true,
    });
    // User info, and how the inviter was chosen (no chain here: from the form).
    const { inviterFromChain, codeOverridden, ...registered } = r.data;
    expect({ inviterFromChain, codeOverridden }).toEqual({ inviterFromChain: false, codeOverridden: false });
    expect(await info(bob.token)).toEqual(registered);

    const row = await t.db.kysely.selectFrom("users").selectAll().where("address", "=", bob.address).executeTakeFirstOrThrow();
    expect(row.email).toBe("bob@example.com");
    expect(row.fund_password_hash).toMatch(/^scrypt\$\d+\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(row.fund_password_hash).not.toContain("s3cret!");
    expect(await verifyFundPassword("s3cret!", row.fund_password_hash!)).toBe(true);
    expect(await verifyFundPassword("s3cret?", row.fund_password_hash!)).toBe(false);
  });

  it("registers without an inviter when no invitation code is given", async () => {
    const u = await newUser(t.app);
    const r = await registerUser(t, u.token);
    expect(r).toMatchObject({ code: 0, data: { inviter: null, registered: true } });
  });

  it("refuses to register twice", async () => {
    const u = await newUser(t.app);
    expect((await registerUser(t, u.token)).code).toBe(0);
    expect(await registerUser(t, u.token)).toMatchObject({ code: 409, key: "register.already" });
  });

  it("refuses an unknown code, the user's own code and a cycle, without spending the email code", async () => {
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    const aCode = (await info(a.token)).invitation;
    const bCode = (await info(b.token)).invitation;
    // b joins a's team; a, not registered yet, then tries to join b's team: a cycle.
    expect((await registerUser(t, b.token, { invitationCode: aCode })).code).toBe(0);

    await sendCode("a@example.com");
    const code = mailedCode(t.dataDir, "a@example.com");
    const base = { email: "a@example.com", code, fundPassword: "123456" };
    expect(await register(a.token, { ...base, invitationCode: "ZZZZ2222" })).toMatchObject({
      code: 400,
      msg: "Unknown invitation code: ZZZZ2222",
      key: "register.unknownInvitation",
    });
    expect(await register(a.token, { ...base, invitationCode: aCode })).toMatchObject({
      code: 400,
      key: "register.ownInvitation",
    });
    expect(await register(a.token, { ...base, invitationCode: bCode })).toMatchObject({
      code: 400,
      key: "register.invitationCycle",
    });
    const attempts = await t.db.kysely
      .selectFrom("verification_codes")
      .select("attempts")
      .where("target", "=", "a@example.com")
      .executeTakeFirstOrThrow();
    expect(Number(attempts.attempts)).toBe(0);
    expect(await register(a.token, base)).toMatchObject({ code: 0, data: { inviter: null } });
  });

  it("refuses a cycle through several levels", async () => {
    const [a, b, c] = [await newUser(t.app), await newUser(t.app), await newUser(t.app)];
    const [aCode, bCode] = [(await info(a.token)).invitation, (await info(b.token)).invitation];
    expect((await registerUser(t, b.token, { invitationCode: aCode })).code).toBe(0);
    const cCode = (await info(c.token)).invitation;
    expect((await registerUser(t, c.token, { invitationCode: bCode })).code).toBe(0);
    const r = await registerUser(t, a.token, { invitationCode: cCode });
    expect(r).toMatchObject({
      code: 400,
      key: "register.invitationCycle",
    });
  });

  it("refuses two users binding each other at the same moment: exactly one succeeds", async () => {
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    const [aCode, bCode] = [(await info(a.token)).invitation, (await info(b.token)).invitation];
    await sendCode("a@example.com");
    await sendCode("b@example.com");
    const [ra, rb] = await Promise.all([
      register(a.token, {
        email: "a@example.com",
        code: mailedCode(t.dataDir, "a@example.com"),
        fundPassword: "123456",
        invitationCode: bCode,
      }),
      register(b.token, {
        email: "b@example.com",
        code: mailedCode(t.dataDir, "b@example.com"),
        fundPassword: "123456",
        invitationCode: aCode,
      }),
    ]);
    expect([ra.code, rb.code].sort()).toEqual([0, 400]);
  });

  it("refuses an email another account registered meanwhile", async () => {
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    await sendCode("same@example.com");
    const codeForB = mailedCode(t.dataDir, "same@example.com");
    await agePastResendLimit(t.db.kysely, "same@example.com");
    expect((await registerUser(t, a.token, { email: "same@example.com" })).code).toBe(0);
    expect(await register(b.token, { email: "same@example.com", code: codeForB, fundPassword: "123456" })).toMatchObject({
      code: 409,
      key: "register.emailTaken",
    });
  });
});

describe("email codes on register", () => {
  it("counts wrong attempts, then kills the code after 5 (even the right code is refused)", async () => {
    const u = await newUser(t.app);
    await sendCode("x@example.com");
    const right = mailedCode(t.dataDir, "x@example.com");
    const wrong = right === "000000" ? "111111" : "000000";
    const body = { email: "x@example.com", fundPassword: "123456" };
    const refusals = [];
    for (let i = 0; i < 5; i++) {
      const { key, params } = await register(u.token, { ...body, code: wrong });
      refusals.push({ key, params });
    }
    expect(refusals).toEqual([
      { key: "code.wrong", params: { left: 4 } },
      { key: "code.wrong", params: { left: 3 } },
      { key: "code.wrong", params: { left: 2 } },
      { key: "code.wrong", params: { left: 1 } },
      { key: "code.wrongNoneLeft", params: undefined },
    ]);
    expect(await register(u.token, { ...body, code: right })).toMatchObject({
      code: 400,
      key: "code.tooManyAttempts",
    });
    expect((await info(u.token)).registered).toBe(false);
    // A new code works again.
    await agePastResendLimit(t.db.kysely, "x@example.com");
    await sendCode("x@example.com");
    expect((await register(u.token, { ...body, code: mailedCode(t.dataDir, "x@example.com") })).code).toBe(0);
  });

  it("refuses an expired code", async () => {
    const u = await newUser(t.app);
    await sendCode("y@example.com");
    await t.db.kysely
      .updateTable("verification_codes")
      .set({ expires_at: BigInt(Date.now() - 1) })
      .execute();
    const r = await register(u.token, {
      email: "y@example.com",
      code: mailedCode(t.dataDir, "y@example.com"),
      fundPassword: "123456",
    });
    expect(r).toMatchObject({ code: 400, key: "code.expired" });
  });

  it("only the newest code counts, and a code of another purpose does not", async () => {
    const u = await newUser(t.app);
    await sendCode("z@example.com");
    const first = mailedCode(t.dataDir, "z@example.com");
    await agePastResendLimit(t.db.kysely, "z@example.com");
    await sendCode("z@example.com");
    const second = mailedCode(t.dataDir, "z@example.com");
    if (first !== second) {
      expect((await register(u.token, { email: "z@example.com", code: first, fundPassword: "123456" })).msg).toBe(
        "Wrong code; attempts left: 4",
      );
    }
    expect(await register(u.token, { email: "w@example.com", code: second, fundPassword: "123456" })).toMatchObject({
      code: 400,
      key: "code.notSent",
    });
    expect((await register(u.token, { email: "z@example.com", code: second, fundPassword: "123456" })).code).toBe(0);
  });

  it("validates the body with clear messages", async () => {
    const u = await newUser(t.app);
    const ok = { email: "v@example.com", code: "123456", fundPassword: "123456" };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, code: "12345" }, "Invalid input: code (code must be 6 digits)"],
      [{ ...ok, fundPassword: "12345" }, "Invalid input: fundPassword (Fund password must be 6 to 32 characters)"],
      [{ ...ok, invitationCode: "abc" }, "Invalid input: invitationCode (invitationCode must be 8 letters and digits)"],
      [{ ...ok, email: "v@" }, "Invalid input: email (email is not a valid email address)"],
      [{ ...ok, admin: true }, 'Invalid input: body (Unrecognized key: "admin")'],
      [
        { email: "v@example.com", code: "123456" },
        "Invalid input: fundPassword (Invalid input: expected string, received undefined)",
      ],
    ];
    for (const [payload, msg] of cases) expect(await register(u.token, payload)).toMatchObject({ status: 400, code: 400, msg });
  });
});
