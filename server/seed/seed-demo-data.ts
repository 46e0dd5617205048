import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { internalError } from "../lib/errors";
import { changeBalance } from "../modules/ledger/ledger.service";
import { DEMO_ACCOUNTS } from "../../domain/demo-accounts";
import { areaSeeds } from "./areas";

const SEEDED_KEY = "demo_seeded";

interface DemoUser {
  account: number;
  code: string;
  invitedBy: number | null;
  type: number;
  nickname: string;
  /** Opening balances in minor units: fen, micro-USDT. */
  cny: bigint;
  usdt: bigint;
  withdrawUsdt: bigint;
}

const DEMO_USERS: DemoUser[] = [
  {
    account: 1,
    code: "DEMA2345",
    invitedBy: null,
    type: 1,
    nickname: "Alice",
    cny: 5_000_000n,
    usdt: 1_000_000_000n,
    withdrawUsdt: 200_000_000n,
  },
  {
    account: 2,
    code: "DEMB2345",
    invitedBy: 1,
    type: 2,
    nickname: "Bob",
    cny: 0n,
    usdt: 500_000_000n,
    withdrawUsdt: 50_000_000n,
  },
  { account: 3, code: "DEMC2345", invitedBy: 2, type: 1, nickname: "Carol", cny: 1_000_000n, usdt: 0n, withdrawUsdt: 0n },
];

/** Loads the demo data once per database; later calls see the marker and do nothing. */
export async function seedDemoData(db: Kysely<Database>, now = Date.now()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const done = await trx.selectFrom("app_meta").select("value").where("key", "=", SEEDED_KEY).executeTakeFirst();
    if (done) return false;
    const ids = new Map<number, bigint>();
    for (const u of DEMO_USERS) {
      const address = DEMO_ACCOUNTS[u.account]!.address.toLowerCase();
      const row = await trx
        .insertInto("users")
        .values({
          address,
          invitation_code: u.code,
          inviter_id: u.invitedBy === null ? null : ids.get(u.invitedBy)!,
          type: u.type,
          nickname: u.nickname,
          amount_cny: 0n,
          amount_usdt: 0n,
          withdraw_usdt: 0n,
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const id = BigInt(row.id);
      ids.set(u.account, id);
      const opening = [
        ["CNY", u.cny],
        ["USDT", u.usdt],
        ["WUSDT", u.withdrawUsdt],
      ] as const;
      for (const [currency, amount] of opening) {
        if (amount > 0n)
          await changeBalance(
            trx,
            { userId: id, currency, delta: amount, kind: "demo_grant", ref: "seed", now },
            internalError("seed"),
          );
      }
    }
    for (const seed of areaSeeds) await seed(trx, { userIds: ids, now });
    await trx
      .insertInto("app_meta")
      .values({ key: SEEDED_KEY, value: new Date(now).toISOString() })
      .execute();
    return true;
  });
}
