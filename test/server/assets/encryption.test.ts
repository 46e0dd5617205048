import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../../server/config";
import { encryptParams, parseEncryptionKey } from "../../../server/lib/request-encryption";
import { assetsTestEnv, type AssetsTestEnv, FUND_PASSWORD, PAYOUT_ADDRESS, post, SETUP_TIMEOUT_MS, snapshot } from "./support";
import { badValue, FUZZ_RUNS } from "./fuzz";

const KEY_HEX = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
const KEY = Buffer.from(KEY_HEX, "hex");
let env: AssetsTestEnv;
afterEach(async () => env?.close(), SETUP_TIMEOUT_MS);

describe("request encryption (opt-in)", { timeout: SETUP_TIMEOUT_MS }, () => {
  it("is off by default: an encrypted body is just an unknown body", async () => {
    env = await assetsTestEnv();
    const res = await post(env.app, "/asset/records", env.aliceToken, encryptParams(KEY, "page=1"));
    expect(res.statusCode).toBe(400);
  });

  it("decrypts a query-string body into the call's fields (strings), and a JSON body with its types", async () => {
    env = await assetsTestEnv({ ENCRYPTION_KEY: KEY_HEX });
    const recharge = await post(
      env.app,
      "/asset/chain/recharge",
      env.aliceToken,
      encryptParams(KEY, "reference=1111111111111&amount=5000000"),
    );
    expect(recharge.json()).toMatchObject({ code: 0, data: { reference: "1111111111111", amount: "5000000" } });

    const list = await post(
      env.app,
      "/asset/records",
      env.aliceToken,
      encryptParams(KEY, JSON.stringify({ page: 1, limit: 3, type: "recharge" })),
    );
    expect(list.json()).toMatchObject({ code: 0, data: { page: 1, limit: 3 } });
    expect(list.json().data.list[0]).toMatchObject({ ref: "1111111111111" });

    const withdraw = await post(
      env.app,
      "/asset/withdraw",
      env.aliceToken,
      encryptParams(KEY, JSON.stringify({ type: 2, address: PAYOUT_ADDRESS, amount: "10000000", password: FUND_PASSWORD })),
    );
    expect(withdraw.json()).toMatchObject({ code: 0, data: { status: "Pending" } });
    // The query-string form carries only strings: a number field is refused by the schema, clearly.
    const typed = await post(
      env.app,
      "/asset/withdraw",
      env.aliceToken,
      encryptParams(KEY, `type=2&address=${PAYOUT_ADDRESS}&amount=10000000&password=${FUND_PASSWORD}`),
    );
    expect(typed.json()).toMatchObject({ code: 400, key: "api.invalidInput", params: { field: "type" } });
  });

  it("still accepts plain bodies, and timestamps in seconds", async () => {
    env = await assetsTestEnv({ ENCRYPTION_KEY: Buffer.from(KEY.subarray(0, 16)).toString("base64") });
    expect((await post(env.app, "/asset/records", env.aliceToken, { page: 1 })).json().code).toBe(0);
    const seconds = Math.floor(Date.now() / 1000);
    expect(
      (await post(env.app, "/asset/records", env.aliceToken, encryptParams(KEY.subarray(0, 16), "page=1", seconds))).json().code,
    ).toBe(0);
  });

  it("refuses a wrong sign, a stale or future timestamp, a wrong key and malformed wrappers, changing nothing", async () => {
    env = await assetsTestEnv({ ENCRYPTION_KEY: KEY_HEX });
    const before = await snapshot(env.db);
    const good = encryptParams(KEY, "reference=2222222222222&amount=1");
    const cases: [unknown, string | RegExp][] = [
      [{ ...good, sign: good.sign.replace(/^./, (c) => (c === "0" ? "1" : "0")) }, "Encrypted body refused: sign does not match"],
      [{ ...good, sign: "abc" }, "Encrypted body refused: sign must be 64 hex digits"],
      [
        encryptParams(KEY, "reference=2222222222222&amount=1", Date.now() - 6 * 60_000),
        "Encrypted body refused: request timestamp is older than 5 minutes or in the future",
      ],
      [
        encryptParams(KEY, "reference=2222222222222&amount=1", Date.now() + 6 * 60_000),
        "Encrypted body refused: request timestamp is older than 5 minutes or in the future",
      ],
      [encryptParams(randomBytes(32), "reference=2222222222222&amount=1"), "Encrypted body refused: sign does not match"],
      [{ ...good, timestamp: "soon" }, "Encrypted body refused: timestamp must be epoch milliseconds"],
      [{ ...good, extra: 1 }, "Encrypted body must have exactly encrypt, sign and timestamp"],
      [
        { encrypt: 5, sign: good.sign, timestamp: good.timestamp },
        "Encrypted body: encrypt and sign must be strings, timestamp a number",
      ],
      [encryptParams(KEY, "a=1&a=2"), 'Encrypted body refused: decrypted params name "a" twice'],
      [encryptParams(KEY, "__proto__=1"), 'Encrypted body refused: decrypted params may not name "__proto__"'],
      [encryptParams(KEY, '{"page": '), "Encrypted body refused: decrypted params are not valid JSON"],
      [encryptParams(KEY, "[1]"), "Encrypted body refused: decrypted params must be an object"],
      [encryptParams(KEY, '{"__proto__": {"x": 1}}'), 'Encrypted body refused: decrypted params may not name "__proto__"'],
    ];
    for (const [body, msg] of cases) {
      const res = await post(env.app, "/asset/chain/recharge", env.aliceToken, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toMatch(msg);
    }
    // A ciphertext cut short (sign recomputed by someone holding the key) still cannot be decrypted.
    const cut = encryptParams(KEY, "reference=2222222222222&amount=1");
    const raw = Buffer.from(cut.encrypt, "base64");
    const truncated = raw.subarray(0, raw.length - 1).toString("base64");
    const resigned = { ...encryptParams(KEY, "x"), encrypt: truncated };
    resigned.sign = (await import("node:crypto"))
      .createHmac("sha256", KEY)
      .update(`${resigned.timestamp}.${truncated}`)
      .digest("hex");
    expect((await post(env.app, "/asset/chain/recharge", env.aliceToken, resigned)).json().msg).toBe(
      "Encrypted body refused: encrypt is not an IV and whole AES blocks",
    );
    expect(await snapshot(env.db)).toBe(before);
  });

  it("fuzz: random wrappers never give a 5xx or change anything", async () => {
    env = await assetsTestEnv({ ENCRYPTION_KEY: KEY_HEX });
    const before = await snapshot(env.db);
    const wrapper = fc.record({
      encrypt: fc.oneof(fc.base64String({ maxLength: 200 }), badValue),
      sign: fc.oneof(fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 64, maxLength: 64 }), badValue),
      timestamp: fc.oneof(fc.constant(Date.now()), badValue),
    });
    await fc.assert(
      fc.asyncProperty(wrapper, async (body) => {
        const res = await post(env.app, "/asset/chain/recharge", env.aliceToken, body);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json().code).not.toBe(0);
        expect(res.json().msg.length).toBeGreaterThan(0);
      }),
      { numRuns: FUZZ_RUNS },
    );
    expect(await snapshot(env.db)).toBe(before);
  });

  it("accepts keys of 16, 24 or 32 bytes as hex or base64 and fails loudly on anything else", () => {
    expect(parseEncryptionKey("00112233445566778899aabbccddeeff")).toHaveLength(16);
    expect(parseEncryptionKey(randomBytes(24).toString("hex"))).toHaveLength(24);
    expect(parseEncryptionKey(randomBytes(32).toString("base64"))).toHaveLength(32);
    for (const bad of ["short", "00112233", randomBytes(20).toString("hex"), "not base64 at all!"])
      expect(() => parseEncryptionKey(bad)).toThrow(/ENCRYPTION_KEY must be/);
    expect(() => loadConfig({}, { ENCRYPTION_KEY: "nope" })).toThrow(/ENCRYPTION_KEY/);
    expect(loadConfig({}, {}).encryptionKey).toBeNull();
  });
});
