import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { PNG } from "../accounts/support";
import { createSiblingApp } from "../support/test-app";
import { assetsTestEnv, FUND_PASSWORD, PAYOUT_ADDRESS, post, SETUP_TIMEOUT_MS, snapshot, type AssetsTestEnv } from "./support";

/**
 * Issue 12, item 1: per-user call limits on transfer and withdraw, and every per-user limit kept
 * in the database, so that two server processes over one database share one budget per user.
 */
let env: AssetsTestEnv;
let dataDir: string;
afterEach(async () => {
  await env.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, SETUP_TIMEOUT_MS);

async function setUp(overrides: Record<string, string>) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-limits-"));
  env = await assetsTestEnv({ DATA_DIR: dataDir, ...overrides });
}

const transfer = (app: FastifyInstance, token = env.aliceToken) =>
  post(app, "/asset/transfer", token, { amount: "1000000", password: FUND_PASSWORD }).then((r) => r.json());
const withdraw = (app: FastifyInstance) =>
  post(app, "/asset/withdraw", env.aliceToken, {
    type: 2,
    address: PAYOUT_ADDRESS,
    amount: "10000000",
    password: FUND_PASSWORD,
  }).then((r) => r.json());
const editNickname = (app: FastifyInstance, nickname: string) =>
  post(app, "/user/edit", env.aliceToken, { nickname }).then((r) => r.json());
const upload = (app: FastifyInstance) =>
  post(app, "/user/upload/base64", env.aliceToken, { file: PNG.toString("base64") }).then((r) => r.json());

describe("per-user limits (issue 12, item 1)", { timeout: SETUP_TIMEOUT_MS }, () => {
  it("limits transfers per user per minute (TRANSFER_RATE_LIMIT_PER_MINUTE), changing nothing when refused", async () => {
    await setUp({ TRANSFER_RATE_LIMIT_PER_MINUTE: "2" });
    expect((await transfer(env.app)).code).toBe(0);
    expect((await transfer(env.app)).code).toBe(0);
    const before = await snapshot(env.db);
    expect(await transfer(env.app)).toMatchObject({
      code: 429,
      key: "transfer.tooMany",
      msg: expect.stringMatching(/^Too many transfers; try again in \d+ s$/),
    });
    expect(await snapshot(env.db)).toBe(before);
    // Bob has his own budget (he has no fund password: the limit let him through to that check).
    await env.db.kysely.updateTable("users").set({ fund_password_hash: null }).where("id", "=", env.bobId).execute();
    expect((await post(env.app, "/asset/transfer", env.bobToken, { amount: "1", password: "x" })).json().code).not.toBe(429);
  });

  it("limits withdrawals per user per minute (WITHDRAW_RATE_LIMIT_PER_MINUTE), changing nothing when refused", async () => {
    await setUp({ WITHDRAW_RATE_LIMIT_PER_MINUTE: "1" });
    expect((await withdraw(env.app)).code).toBe(0);
    const before = await snapshot(env.db);
    expect(await withdraw(env.app)).toMatchObject({
      code: 429,
      key: "withdraw.tooMany",
      msg: expect.stringMatching(/^Too many withdrawals; try again in \d+ s$/),
    });
    expect(await snapshot(env.db)).toBe(before);
  });

  it("concurrent calls cannot overrun a limit", async () => {
    await setUp({ TRANSFER_RATE_LIMIT_PER_MINUTE: "3" });
    const replies = await Promise.all(Array.from({ length: 20 }, () => transfer(env.app)));
    expect(replies.filter((r) => r.code === 0)).toHaveLength(3);
    expect(replies.filter((r) => r.code === 429)).toHaveLength(17);
  });

  it("two server processes over one database share every per-user limit", async () => {
    await setUp({
      TRANSFER_RATE_LIMIT_PER_MINUTE: "2",
      WITHDRAW_RATE_LIMIT_PER_MINUTE: "1",
      PROFILE_RATE_LIMIT_PER_MINUTE: "2",
      UPLOAD_RATE_LIMIT_PER_MINUTE: "2",
    });
    const sibling = await createSiblingApp(env.config, env.db);
    try {
      // Half of each budget spent on one process, the rest on the other, then both refuse.
      expect((await editNickname(env.app, "a")).code).toBe(0);
      expect((await editNickname(sibling.app, "b")).code).toBe(0);
      expect(await editNickname(sibling.app, "c")).toMatchObject({
        code: 429,
        key: "profile.tooMany",
        msg: expect.stringMatching(/^Too many profile changes; try again in \d+ s$/),
      });

      expect((await upload(sibling.app)).code).toBe(0);
      expect((await upload(env.app)).code).toBe(0);
      expect(await upload(env.app)).toMatchObject({
        code: 429,
        key: "upload.tooMany",
        msg: expect.stringMatching(/^Too many uploads; try again in \d+ s$/),
      });
      expect((await upload(sibling.app)).code).toBe(429);

      expect((await transfer(env.app)).code).toBe(0);
      expect((await transfer(sibling.app)).code).toBe(0);
      expect((await transfer(sibling.app)).code).toBe(429);
      expect((await transfer(env.app)).code).toBe(429);

      expect((await withdraw(sibling.app)).code).toBe(0);
      expect((await withdraw(env.app)).code).toBe(429);

      // A minute on (the window's end moved back), both processes answer again.
      await env.db.kysely
        .updateTable("rate_limits")
        .set({ expire: Date.now() - 1 })
        .execute();
      expect((await transfer(sibling.app)).code).toBe(0);
      expect((await upload(env.app)).code).toBe(0);
    } finally {
      await sibling.close();
    }
  });
});
