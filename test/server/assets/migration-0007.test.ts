import { Migrator, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest, migrationProvider } from "../../../server/db/migrate";
import { creditRechargeEvent } from "../../../server/modules/recharge/recharge-credit.service";
import { assetsTestEnv, type AssetsTestEnv, ALICE_ADDRESS, balances, SETUP_TIMEOUT_MS } from "./support";

let env: AssetsTestEnv;
beforeEach(async () => {
  env = await assetsTestEnv();
}, SETUP_TIMEOUT_MS);
afterEach(async () => env.close(), SETUP_TIMEOUT_MS);

const GENESIS = `0x${"9a".repeat(32)}`;
const GAME = `0x${"ab".repeat(20)}`;
const TX1 = `0x${"01".repeat(32)}`;
const TX2 = `0x${"02".repeat(32)}`;

async function rechargeRecord(txHash: string, amount: bigint): Promise<bigint> {
  const row = await env.db.kysely
    .insertInto("asset_records")
    .values({
      user_id: env.aliceId,
      type: "recharge",
      currency: "USDT",
      amount,
      status: "success",
      tx_hash: txHash,
      address: null,
      ref: null,
      note: null,
      attempts: 0,
      created_at: 1,
      updated_at: 1,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return BigInt(row.id);
}

describe("migration 0007 (chain reorganisations) on a database with credited events", { timeout: SETUP_TIMEOUT_MS }, () => {
  it("carries existing events over with their chain's genesis, ordinals and records, so a re-read credits nothing twice", async () => {
    const migrator = new Migrator({
      db: env.db.kysely,
      provider: migrationProvider(env.db),
      allowUnorderedMigrations: true,
    });
    const down = await migrator.migrateTo("0006_protocol_snapshot_extras");
    expect(down.error).toBeUndefined();
    // Every later migration goes down beside this one (other areas' 0007s, 0008 and on).
    const undone = down.results?.map((r) => [r.migrationName, r.direction]) ?? [];
    expect(undone).toContainEqual(["0007_chain_reorg", "Down"]);
    expect(undone.every(([name, direction]) => name! > "0006_protocol_snapshot_extras" && direction === "Down")).toBe(true);

    // What a database of the previous release holds: events keyed by (chain, tx, log index), a cursor.
    const r1 = await rechargeRecord(TX1, 5_000_000n);
    const r2 = await rechargeRecord(TX1, 6_000_000n);
    await sql`insert into app_meta (key, value) values (${`cursor:31337:${GAME}`}, ${JSON.stringify({ genesisHash: GENESIS, block: 40 })})`.execute(
      env.db.kysely,
    );
    const payload = (amount: string) => JSON.stringify({ user: ALICE_ADDRESS, token: GAME, random: "0", amount });
    for (const [tx, logIndex, kind, amount] of [
      [TX1, 7, "recharge", "6000000"],
      [TX1, 4, "recharge", "5000000"],
      [TX2, 0, "recharge_no_user", "1"],
    ] as const)
      await sql`insert into chain_events (chain_id, tx_hash, log_index, block_number, kind, payload, created_at)
        values (31337, ${tx}, ${logIndex}, 33, ${kind}, ${payload(amount)}, 1)`.execute(env.db.kysely);

    await migrateToLatest(env.db);
    const rows = await env.db.kysely.selectFrom("chain_events").selectAll().orderBy("tx_hash").orderBy("ordinal").execute();
    expect(
      rows.map((r) => [
        r.genesis_hash,
        r.tx_hash,
        Number(r.ordinal),
        Number(r.log_index),
        r.kind,
        r.status,
        r.record_id,
        r.block_hash,
      ]),
    ).toEqual([
      [GENESIS, TX1, 0, 4, "recharge", "canonical", r1, null],
      [GENESIS, TX1, 1, 7, "recharge", "canonical", r2, null],
      [GENESIS, TX2, 0, 0, "recharge_no_user", "canonical", null, null],
    ]);
    expect(
      BigInt(
        (await env.db.kysely.selectFrom("users").select("debt_usdt").where("id", "=", env.aliceId).executeTakeFirstOrThrow())
          .debt_usdt,
      ),
    ).toBe(0n);

    // The watcher reads the same log again after the upgrade (a rewound cursor): it only learns its block.
    const before = await balances(env.db, env.aliceId);
    const outcome = await creditRechargeEvent(
      env.db.kysely,
      {
        chainId: 31337,
        genesisHash: GENESIS,
        txHash: TX1,
        ordinal: 0,
        logIndex: 4,
        blockNumber: 33n,
        blockHash: `0x${"33".repeat(32)}`,
        user: ALICE_ADDRESS,
        token: GAME,
        random: 0n,
        amount: 5_000_000n,
        decimals: 6,
      },
      Date.now(),
    );
    expect(outcome).toBe("moved");
    expect(await balances(env.db, env.aliceId)).toEqual(before);
  });
});
