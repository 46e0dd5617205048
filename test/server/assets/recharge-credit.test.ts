import { describe, expect, it } from "vitest";
import { creditRechargeEvent, type RechargeEvent } from "../../../server/modules/recharge/recharge-credit.service";
import { ALICE_ADDRESS, balances, expectLedgerMatchesBalances, post, SETUP_TIMEOUT_MS, assetsEnvPerTest } from "./support";

const env = assetsEnvPerTest();

let n = 0;
const event = (over: Partial<RechargeEvent>): RechargeEvent => ({
  chainId: 56,
  genesisHash: `0x${"0d".repeat(32)}`,
  txHash: `0x${(++n).toString(16).padStart(64, "0")}`,
  ordinal: 0,
  logIndex: 0,
  blockNumber: 100n,
  blockHash: `0x${"b1".repeat(32)}`,
  user: ALICE_ADDRESS,
  token: "0x55d398326f99059ff775485246999027b3197955",
  random: 1234567890123n,
  amount: 0n,
  decimals: 18,
  ...over,
});

describe("crediting a recharge event (18-decimal USDT, as on BSC)", { timeout: SETUP_TIMEOUT_MS }, () => {
  it("credits whole micro-USDT and notes the remainder it cannot hold", async () => {
    const intent = (
      await post(env.app, "/asset/chain/recharge", env.aliceToken, { reference: "1234567890123", amount: "5000000" })
    ).json().data;
    const before = await balances(env.db, env.aliceId);
    const ev = event({ amount: 5_000_000_123_456_789_000n });
    expect(await creditRechargeEvent(env.db.kysely, ev, Date.now())).toBe("matched");
    expect((await balances(env.db, env.aliceId)).usdt).toBe(before.usdt + 5_000_000n);
    const record = await env.db.kysely
      .selectFrom("asset_records")
      .selectAll()
      .where("id", "=", BigInt(intent.id))
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({
      status: "success",
      tx_hash: ev.txHash,
      note: "123456789000 token base units below 1 micro-USDT were not credited",
    });
    expect(BigInt(record.amount)).toBe(5_000_000n);
    expect(await creditRechargeEvent(env.db.kysely, ev, Date.now())).toBe("duplicate");
    expect((await balances(env.db, env.aliceId)).usdt).toBe(before.usdt + 5_000_000n);
    await expectLedgerMatchesBalances(env.db);
  });

  it("notes an amount other than announced, and records dust without a ledger row", async () => {
    const intent = (
      await post(env.app, "/asset/chain/recharge", env.aliceToken, { reference: "1234567890124", amount: "5000000" })
    ).json().data;
    await creditRechargeEvent(env.db.kysely, event({ random: 1234567890124n, amount: 4_000_000n * 10n ** 12n }), Date.now());
    const record = await env.db.kysely
      .selectFrom("asset_records")
      .selectAll()
      .where("id", "=", BigInt(intent.id))
      .executeTakeFirstOrThrow();
    expect(record.note).toBe("Announced 5000000 micro-USDT, received 4000000");

    const ledgerBefore = (await env.db.kysely.selectFrom("ledger").select("id").execute()).length;
    const dust = event({ random: 10n ** 20n, amount: 999_999_999_999n });
    expect(await creditRechargeEvent(env.db.kysely, dust, Date.now())).toBe("unmatched_intent");
    const dustRecord = await env.db.kysely
      .selectFrom("asset_records")
      .selectAll()
      .where("tx_hash", "=", dust.txHash)
      .executeTakeFirstOrThrow();
    expect(BigInt(dustRecord.amount)).toBe(0n);
    expect(dustRecord.note).toBe("No recharge reference; 999999999999 token base units below 1 micro-USDT were not credited");
    expect((await env.db.kysely.selectFrom("ledger").select("id").execute()).length).toBe(ledgerBefore);
    await expectLedgerMatchesBalances(env.db);
  });

  it("does not match an intent that was already paid: a second payment gets its own record", async () => {
    await post(env.app, "/asset/chain/recharge", env.aliceToken, { reference: "1234567890125", amount: "1000000" });
    expect(await creditRechargeEvent(env.db.kysely, event({ random: 1234567890125n, amount: 10n ** 18n }), Date.now())).toBe(
      "matched",
    );
    expect(await creditRechargeEvent(env.db.kysely, event({ random: 1234567890125n, amount: 10n ** 18n }), Date.now())).toBe(
      "unmatched_intent",
    );
    await expectLedgerMatchesBalances(env.db);
  });
});
