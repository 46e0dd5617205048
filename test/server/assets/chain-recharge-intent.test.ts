import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_OPEN_INTENTS } from "../../../server/modules/recharge/recharge.service";
import { post, SETUP_TIMEOUT_MS, snapshot, assetsEnvPerTest } from "./support";
import { badValueWhere, FUZZ_RUNS, invalidBody, notAnAmount } from "./fuzz";
import { refused } from "../support/refused";

const env = assetsEnvPerTest();

const register = (body: unknown, token = env.aliceToken) => post(env.app, "/asset/chain/recharge", token, body);

describe("POST /base/api/asset/chain/recharge", { timeout: SETUP_TIMEOUT_MS }, () => {
  it("registers an intent and a Pending recharge record, without moving money", async () => {
    const ledgerBefore = (await env.db.kysely.selectFrom("ledger").select("id").execute()).length;
    const res = await register({ reference: "1234567890123", amount: "25000000" });
    const json = res.json();
    expect(json).toMatchObject({ code: 0, data: { reference: "1234567890123", amount: "25000000", status: "Pending" } });
    expect(json.data.expiresAt).toBeGreaterThan(Date.now());
    const intent = await env.db.kysely
      .selectFrom("recharge_intents")
      .selectAll()
      .where("reference", "=", "1234567890123")
      .executeTakeFirstOrThrow();
    expect(BigInt(intent.user_id)).toBe(env.aliceId);
    expect(Number(intent.record_id)).toBe(json.data.id);
    const list = (await post(env.app, "/asset/records", env.aliceToken, { type: "recharge" })).json().data.list;
    expect(list[0]).toMatchObject({ id: json.data.id, amount: "25000000", status: "Pending", ref: "1234567890123" });
    expect((await env.db.kysely.selectFrom("ledger").select("id").execute()).length).toBe(ledgerBefore);
  });

  it("refuses a reference that is already registered, by anyone, and changes nothing", async () => {
    expect((await register({ reference: "1234567890123", amount: "1" })).json().code).toBe(0);
    const before = await snapshot(env.db);
    for (const token of [env.aliceToken, env.bobToken]) {
      expect((await register({ reference: "1234567890123", amount: "5" }, token)).json()).toEqual(
        refused(409, "recharge.referenceTaken"),
      );
    }
    // Concurrent registrations of one new reference: exactly one wins.
    const results = await Promise.all(Array.from({ length: 5 }, () => register({ reference: "5555555555555", amount: "5" })));
    expect(results.filter((r) => r.json().code === 0)).toHaveLength(1);
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    expect(before).not.toBe(await snapshot(env.db));
  });

  it(`caps open intents at ${MAX_OPEN_INTENTS} per user`, async () => {
    const open = Number(
      (
        await env.db.kysely
          .selectFrom("asset_records")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("user_id", "=", env.aliceId)
          .where("type", "=", "recharge")
          .where("status", "=", "pending")
          .executeTakeFirstOrThrow()
      ).n,
    );
    for (let i = open; i < MAX_OPEN_INTENTS; i++)
      expect((await register({ reference: String(2000000000000 + i), amount: "1" })).json().code).toBe(0);
    const res = await register({ reference: "3000000000000", amount: "1" });
    expect(res.json()).toMatchObject({ code: 429, msg: `At most ${MAX_OPEN_INTENTS} recharges may wait for payment at once` });
    expect((await register({ reference: "3000000000001", amount: "1" }, env.bobToken)).json().code).toBe(0);
  });

  it("refuses references that are not 13 digits and amounts that are not positive integers", async () => {
    for (const body of [
      { reference: "123456789012", amount: "1" },
      { reference: "12345678901234", amount: "1" },
      { reference: 1234567890123, amount: "1" },
      { reference: "1234567890123", amount: "0" },
      { reference: "1234567890123", amount: "-5" },
      { reference: "1234567890123", amount: "1.5" },
      { reference: "1234567890123", amount: 5 },
    ]) {
      const res = await register(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("answers 401 without a valid session", async () => {
    expect((await register({ reference: "1234567890123", amount: "1" }, null as unknown as string)).statusCode).toBe(401);
  });

  it("fuzz: any malformed body gets a non-zero code and a message, never a 5xx or a change", async () => {
    const before = await snapshot(env.db);
    await fc.assert(
      fc.asyncProperty(
        invalidBody(
          { reference: "9876543210987", amount: "1000000" },
          { amount: notAnAmount, reference: badValueWhere((v) => !(typeof v === "string" && /^\d{13}$/.test(v))) },
        ),
        async (body) => {
          const res = await register(body);
          expect(res.statusCode).toBeLessThan(500);
          expect(res.json().code).not.toBe(0);
          expect(res.json().msg.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: FUZZ_RUNS },
    );
    expect(await snapshot(env.db)).toBe(before);
  });
});
