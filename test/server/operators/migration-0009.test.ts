import { Migrator } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest, migrationProvider } from "../../../server/db/migrate";
import { createTestApp } from "../support/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const auditRow = (action: string) => ({
  operator: "token",
  action,
  target: "user:1",
  before_json: null,
  after_json: "{}",
  client_address: "127.0.0.1",
  created_at: Date.now(),
});

describe("migration 0009 (operators)", () => {
  it("keeps the audit append-only: UPDATE and DELETE are refused by the database, rows stay as written", async () => {
    const db = t.db.kysely;
    await db.insertInto("admin_audit").values(auditRow("a")).execute();
    await db.insertInto("admin_audit").values(auditRow("b")).execute();
    await expect(db.updateTable("admin_audit").set({ action: "forged" }).execute()).rejects.toThrow(/append-only/);
    await expect(db.updateTable("admin_audit").set({ operator: "x" }).where("action", "=", "a").execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(db.deleteFrom("admin_audit").where("action", "=", "b").execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom("admin_audit").execute()).rejects.toThrow(/append-only/);
    // Inside a transaction too: the refusal undoes the transaction's other writes.
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("admin_audit").values(auditRow("c")).execute();
        await trx.deleteFrom("admin_audit").where("action", "=", "a").execute();
      }),
    ).rejects.toThrow(/append-only/);
    const rows = await db.selectFrom("admin_audit").select(["action", "operator"]).orderBy("id").execute();
    expect(rows).toEqual([
      { action: "a", operator: "token" },
      { action: "b", operator: "token" },
    ]);
  });

  it("allows one open retry request per withdrawal, any number of balance adjustments per user", async () => {
    const db = t.db.kysely;
    const approval = (kind: "withdraw.retry" | "balance.adjust", target: string, status: "pending" | "rejected" = "pending") =>
      db
        .insertInto("operator_approvals")
        .values({ kind, target, payload: "{}", requested_by: "token", requested_at: 1, status })
        .execute();
    await approval("withdraw.retry", "withdraw:1");
    await expect(approval("withdraw.retry", "withdraw:1")).rejects.toThrow();
    await approval("withdraw.retry", "withdraw:1", "rejected");
    await approval("withdraw.retry", "withdraw:2");
    await approval("balance.adjust", "user:1");
    await approval("balance.adjust", "user:1");
  });

  it("goes down and up again", async () => {
    const migrator = new Migrator({ db: t.db.kysely, provider: migrationProvider(t.db), allowUnorderedMigrations: true });
    const down = await migrator.migrateTo("0008_place_order");
    expect(down.error).toBeUndefined();
    // Later migrations go down and up with them; these are the two this test is about.
    const only0009 = (names: string[]) => names.filter((n) => n.startsWith("0009_"));
    expect(only0009(down.results?.map((r) => r.migrationName) ?? [])).toEqual(["0009_stock_slices", "0009_operators"]);
    expect(only0009(await migrateToLatest(t.db))).toEqual(["0009_operators", "0009_stock_slices"]);
    await t.db.kysely.insertInto("admin_audit").values(auditRow("again")).execute();
    await expect(t.db.kysely.deleteFrom("admin_audit").execute()).rejects.toThrow(/append-only/);
  });
});
