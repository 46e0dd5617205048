import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  accountsApp,
  agePastResendLimit,
  call,
  mailedCode,
  registerUser,
  newUser,
  textedCode,
  type AccountsApp,
} from "./support";

let t: AccountsApp;
beforeEach(async () => {
  t = await accountsApp();
});
afterEach(async () => t.close());

describe("home/send/email", () => {
  it("mails a 6-digit code to the outbox as .eml and .json, and stores only its hash", async () => {
    const r = await call(t.app, "POST", "/home/send/email", {
      payload: { email: " New.User@Example.com ", purpose: "register" },
    });
    expect(r).toMatchObject({ status: 200, code: 0, data: { expiresIn: 600, resendIn: 60 } });
    const outbox = fs.readdirSync(path.join(t.dataDir, "outbox"));
    expect(outbox.filter((f) => f.endsWith(".eml"))).toHaveLength(1);
    expect(outbox.filter((f) => f.endsWith(".json"))).toHaveLength(1);
    const eml = fs.readFileSync(
      path.join(
        t.dataDir,
        "outbox",
        outbox.find((f) => f.endsWith(".eml"))!,
      ),
      "utf8",
    );
    expect(eml).toMatch(/^To: new\.user@example\.com$/m);
    const code = mailedCode(t.dataDir, "new.user@example.com");
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.db.kysely.selectFrom("verification_codes").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: "email", target: "new.user@example.com", purpose: "register" });
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(Number(rows[0]!.expires_at) - Number(rows[0]!.created_at)).toBe(600_000);
  });

  it("allows one code per minute per address", async () => {
    const send = () => call(t.app, "POST", "/home/send/email", { payload: { email: "a@example.com", purpose: "register" } });
    expect((await send()).code).toBe(0);
    const again = await send();
    expect(again.status).toBe(429);
    expect(again.msg).toMatch(/^Please wait (60|59) s before requesting another code$/);
    await agePastResendLimit(t.db.kysely, "a@example.com");
    expect((await send()).code).toBe(0);
  });

  it("refuses register codes for a taken email and forget codes for an unknown one", async () => {
    const u = await newUser(t.app);
    expect((await registerUser(t, u.token, { email: "taken@example.com" })).code).toBe(0);
    expect(
      await call(t.app, "POST", "/home/send/email", { payload: { email: "taken@example.com", purpose: "register" } }),
    ).toMatchObject({
      code: 409,
      key: "register.emailTaken",
    });
    expect(
      await call(t.app, "POST", "/home/send/email", { payload: { email: "nobody@example.com", purpose: "forget" } }),
    ).toMatchObject({
      code: 404,
      key: "account.noSuchEmail",
    });
  });

  it("validates email and purpose", async () => {
    expect(
      await call(t.app, "POST", "/home/send/email", { payload: { email: "not-an-email", purpose: "register" } }),
    ).toMatchObject({
      code: 400,
      msg: "Invalid input: email (email is not a valid email address)",
      key: "api.invalidInput",
    });
    expect((await call(t.app, "POST", "/home/send/email", { payload: { email: "a@example.com", purpose: "login" } })).msg).toBe(
      "Invalid input: purpose (purpose must be one of: register, forget)",
    );
  });
});

describe("daily caps", () => {
  it("caps codes per target per day", async () => {
    const capped = await accountsApp({ CODE_DAILY_CAP_PER_TARGET: "2" });
    try {
      const send = () => call(capped.app, "GET", "/home/sending/13800000000");
      expect((await send()).code).toBe(0);
      await agePastResendLimit(capped.db.kysely, "13800000000");
      expect((await send()).code).toBe(0);
      await agePastResendLimit(capped.db.kysely, "13800000000");
      expect(await send()).toMatchObject({
        code: 429,
        msg: "This phone number has had 2 codes in the last 24 hours; try again later",
        key: "code.dailyCapPhone",
      });
    } finally {
      await capped.close();
    }
  });

  it("caps codes per client IP per day, whatever the target", async () => {
    const capped = await accountsApp({ CODE_DAILY_CAP_PER_IP: "2" });
    try {
      const send = (phone: string, ip: string) =>
        capped.app.inject({ method: "GET", url: `/base/api/home/sending/${phone}`, remoteAddress: ip });
      expect((await send("13800000001", "10.0.0.1")).json().code).toBe(0);
      expect((await send("13800000002", "10.0.0.1")).json().code).toBe(0);
      expect((await send("13800000003", "10.0.0.1")).json()).toMatchObject({
        code: 429,
        key: "code.dailyCapNetwork",
      });
      expect((await send("13800000003", "10.0.0.2")).json().code).toBe(0);
    } finally {
      await capped.close();
    }
  });
});

describe("home/sending/{phone}", () => {
  it("texts a code to the SMS outbox", async () => {
    expect((await call(t.app, "GET", "/home/sending/13912345678")).code).toBe(0);
    expect(textedCode(t.dataDir, "13912345678")).toMatch(/^\d{6}$/);
  });

  it("refuses anything but a mainland mobile number", async () => {
    for (const bad of ["12912345678", "1391234567", "139123456789", "abc", "13912345678%20or%201%3D1", "..%2F..%2Fetc"]) {
      const r = await call(t.app, "GET", `/home/sending/${bad}`);
      expect(r.status).toBe(400);
      expect(r.msg).toBe("Invalid input: param (phone must be 11 digits: 1, then 3 to 9, then 9 digits)");
    }
    expect(await t.db.kysely.selectFrom("verification_codes").selectAll().execute()).toHaveLength(0);
  });
});
