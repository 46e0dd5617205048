import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as fundPassword from "../../../server/modules/register/fund-password";
import { mailedCode } from "../accounts/support";
import { createSiblingApp } from "../support/test-app";
import { assetsTestEnv, FUND_PASSWORD, PAYOUT_ADDRESS, post, SETUP_TIMEOUT_MS, type AssetsTestEnv } from "./support";

/**
 * Issue 12, item 1: guessing the fund password. Every test performs the attack over HTTP; each
 * `400` with the wrong-password message is one guess the server evaluated (ran scrypt on).
 */
let env: AssetsTestEnv;
let dataDir: string;
afterEach(async () => {
  vi.restoreAllMocks();
  await env.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, SETUP_TIMEOUT_MS);

/** Per-user call limits high enough that only the fund-password guard decides. */
async function setUp(overrides: Record<string, string> = {}) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-guard-"));
  env = await assetsTestEnv({
    DATA_DIR: dataDir,
    TRANSFER_RATE_LIMIT_PER_MINUTE: "1000",
    WITHDRAW_RATE_LIMIT_PER_MINUTE: "1000",
    PROFILE_RATE_LIMIT_PER_MINUTE: "1000",
    ...overrides,
  });
}

const transfer = (password: string) =>
  post(env.app, "/asset/transfer", env.aliceToken, { amount: "1000000", password }).then((r) => r.json());
const withdraw = (password: string) =>
  post(env.app, "/asset/withdraw", env.aliceToken, { type: 2, address: PAYOUT_ADDRESS, amount: "10000000", password }).then((r) =>
    r.json(),
  );
const changePassword = (oldPassword: string, newPassword: string) =>
  post(env.app, "/user/edit", env.aliceToken, { oldPassword, newPassword }).then((r) => r.json());
const storedHash = async () =>
  (await env.db.kysely.selectFrom("users").select("fund_password_hash").where("id", "=", env.aliceId).executeTakeFirstOrThrow())
    .fund_password_hash!;
const LOCKED = /^Too many wrong fund passwords: try again in \d+ min$/;

describe("fund password guessing (issue 12, item 1)", { timeout: SETUP_TIMEOUT_MS }, () => {
  it("60 concurrent wrong transfers: only FUND_PASSWORD_MAX_FAILURES are evaluated, then even the right password is refused", async () => {
    await setUp();
    const verify = vi.spyOn(fundPassword, "verifyFundPassword");
    const replies = await Promise.all(Array.from({ length: 60 }, (_, i) => transfer(`guess-${i}`)));
    const evaluated = replies.filter((r) => r.code === 400);
    expect(evaluated).toHaveLength(5);
    expect(evaluated.every((r) => r.msg === "Wrong fund password")).toBe(true);
    const refused = replies.filter((r) => r.code === 429);
    expect(refused).toHaveLength(55);
    expect(refused.every((r) => LOCKED.test(r.msg))).toBe(true);
    expect(verify).toHaveBeenCalledTimes(5);

    // Locked: the right password is not even checked.
    expect(await transfer(FUND_PASSWORD)).toMatchObject({
      code: 429,
      msg: "Too many wrong fund passwords: try again in 15 min",
      key: "fundPassword.locked",
      params: { minutes: 15 },
    });
    expect(verify).toHaveBeenCalledTimes(5);
  });

  it("wrong guesses spread over transfer, withdraw and user/edit share one budget; while locked no route checks the password", async () => {
    await setUp();
    expect(await transfer("guess-1")).toMatchObject({ code: 400, key: "fundPassword.wrong" });
    expect(await withdraw("guess-2")).toMatchObject({ code: 400, key: "fundPassword.wrong" });
    expect(await changePassword("guess-3", "attacker-1")).toMatchObject({ code: 400, key: "fundPassword.wrongOld" });
    expect(await transfer("guess-4")).toMatchObject({ code: 400 });
    expect(await changePassword("guess-5", "attacker-1")).toMatchObject({ code: 400 });

    const hash = await storedHash();
    expect(await transfer(FUND_PASSWORD)).toMatchObject({ code: 429, msg: expect.stringMatching(LOCKED) });
    expect(await withdraw(FUND_PASSWORD)).toMatchObject({ code: 429, msg: expect.stringMatching(LOCKED) });
    expect(await changePassword(FUND_PASSWORD, "attacker-1")).toMatchObject({ code: 429, msg: expect.stringMatching(LOCKED) });
    expect(await storedHash()).toBe(hash);
  });

  it("user/edit: after FUND_PASSWORD_MAX_FAILURES wrong old passwords a hit cannot set a new one", async () => {
    await setUp();
    for (let i = 0; i < 5; i++)
      expect(await changePassword(`guess-${i}`, "attacker-1")).toMatchObject({
        code: 400,
        key: "fundPassword.wrongOld",
      });
    const hash = await storedHash();
    expect(await changePassword(FUND_PASSWORD, "attacker-1")).toMatchObject({ code: 429 });
    expect(await storedHash()).toBe(hash);
    expect(await fundPassword.verifyFundPassword(FUND_PASSWORD, await storedHash())).toBe(true);
  });

  it("concurrent wrong old passwords on user/edit are limited too", async () => {
    await setUp();
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => changePassword(`guess-${i}`, "attacker-1")));
    expect(replies.filter((r) => r.code === 400)).toHaveLength(5);
    expect(replies.filter((r) => r.code === 429)).toHaveLength(25);
  });

  it("a right password is not a failure; it does not forgive earlier ones either", async () => {
    await setUp();
    for (let i = 0; i < 10; i++) expect((await transfer(FUND_PASSWORD)).code).toBe(0);
    for (let i = 0; i < 4; i++) expect((await transfer(`guess-${i}`)).code).toBe(400);
    expect((await transfer(FUND_PASSWORD)).code).toBe(0);
    expect((await transfer("guess-5")).code).toBe(400);
    expect((await transfer(FUND_PASSWORD)).code).toBe(429);
  });

  it("changing the fund password clears the count", async () => {
    await setUp();
    for (let i = 0; i < 4; i++) expect((await transfer(`guess-${i}`)).code).toBe(400);
    expect((await changePassword(FUND_PASSWORD, "New-pass-2")).code).toBe(0);
    for (let i = 0; i < 5; i++) expect(await transfer(`guess-${i}`)).toMatchObject({ code: 400, key: "fundPassword.wrong" });
    expect((await transfer("New-pass-2")).code).toBe(429);
  });

  it("resetting the fund password with a mailed code clears the lock", async () => {
    await setUp();
    for (let i = 0; i < 5; i++) expect((await transfer(`guess-${i}`)).code).toBe(400);
    expect((await transfer(FUND_PASSWORD)).code).toBe(429);

    const email = "alice@example.com";
    expect((await post(env.app, "/home/send/email", null, { email, purpose: "forget" })).json().code).toBe(0);
    const code = mailedCode(dataDir, email);
    expect((await post(env.app, "/home/forget", null, { email, code, fundPassword: "Reset-pass-3" })).json().code).toBe(0);
    expect((await transfer("Reset-pass-3")).code).toBe(0);
  });

  it("the lock holds in another server process over the same database, and ends with its window", async () => {
    await setUp();
    for (let i = 0; i < 5; i++) expect((await transfer(`guess-${i}`)).code).toBe(400);
    const sibling = await createSiblingApp(env.config, env.db);
    try {
      const viaSibling = (password: string) =>
        post(sibling.app, "/asset/transfer", env.aliceToken, { amount: "1000000", password }).then((r) => r.json());
      expect(await viaSibling(FUND_PASSWORD)).toMatchObject({ code: 429 });
      // Fifteen minutes on: the window has passed (its end moved back rather than the clock forward).
      await env.db.kysely
        .updateTable("rate_limits")
        .set({ expire: Date.now() - 1 })
        .execute();
      expect((await viaSibling(FUND_PASSWORD)).code).toBe(0);
      expect((await transfer(FUND_PASSWORD)).code).toBe(0);
    } finally {
      await sibling.close();
    }
  });

  it("takes its limit from FUND_PASSWORD_MAX_FAILURES", async () => {
    await setUp({ FUND_PASSWORD_MAX_FAILURES: "2" });
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => withdraw(`guess-${i}`)));
    expect(replies.filter((r) => r.code === 400)).toHaveLength(2);
    expect((await withdraw(FUND_PASSWORD)).code).toBe(429);
  });
});
