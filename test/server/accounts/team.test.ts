import { privateKeyToAccount } from "viem/accounts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../../domain/demo-accounts";
import { seedDemoData } from "../../../server/seed/seed-demo-data";
import { login } from "../support/siwe";
import { accountsApp, call, newUser, registerUser, type AccountsApp } from "./support";
import { insertProduct } from "../../../server/modules/products/product.repository";

let t: AccountsApp;
beforeEach(async () => {
  t = await accountsApp();
});
afterEach(async () => t.close());

const info = async (token: string) => (await call(t.app, "GET", "/user/info", { token })).data;

async function joinTeamOf(inviterToken: string, nickname: string) {
  const u = await newUser(t.app);
  expect((await registerUser(t, u.token, { invitationCode: (await info(inviterToken)).invitation })).code).toBe(0);
  await call(t.app, "POST", "/user/edit", { token: u.token, payload: { nickname } });
  return u;
}

/** Orders as the shop writes them; only principal_usdt matters to team performance. */
async function order(address: string, principalUsdt: bigint) {
  const db = t.db.kysely;
  const user = await db.selectFrom("users").select("id").where("address", "=", address).executeTakeFirstOrThrow();
  let product = await db.selectFrom("products").select("id").executeTakeFirst();
  product ??= await insertProduct(db, {
    title: "P",
    images: "[]",
    description_html: "",
    price_cny: 100n,
    price_usdt: 100n,
    stock: 10,
    daily_rate_ppm: 1000,
    cycle_days: 30,
    alloy_material: null,
    alloy_pieces: 0,
    status: "on_sale",
    sort: 0,
    created_at: 1,
    updated_at: 1,
  });
  await db
    .insertInto("orders")
    .values({
      user_id: BigInt(user.id),
      product_id: BigInt(product.id),
      pay_type: 2,
      amount: principalUsdt,
      principal_usdt: principalUsdt,
      daily_income_usdt: 1n,
      cycle_days: 30,
      days_settled: 0,
      start_day: 1,
      status: "running",
      created_at: 1,
    })
    .execute();
}

describe("team", () => {
  it("lists direct invitees, counts the whole team and sums its order principal", async () => {
    const root = await newUser(t.app);
    const b = await joinTeamOf(root.token, "Bob");
    const c = await joinTeamOf(b.token, "Carol");
    const d = await joinTeamOf(root.token, "Dave");
    const e = await joinTeamOf(c.token, "Eve");
    await order(b.address, 100_000_000n);
    await order(c.address, 250_000_000n);
    await order(e.address, 9_007_199_254_740_993n); // beyond 2^53: sums must stay exact
    await order(root.address, 1_000_000n); // the user's own orders are not team performance

    const records = await call(t.app, "GET", "/user/invite/records/1", { token: root.token });
    expect(records).toMatchObject({ code: 0, data: { total: 2, page: 1, limit: 10 } });
    expect(records.data.list.map((r: { nickname: string }) => r.nickname)).toEqual(["Dave", "Bob"]);
    expect(records.data.list[1].address).toBe(`${b.address.slice(0, 6)}…${b.address.slice(-4)}`);
    expect(records.data.list[1].registeredAt).toBeGreaterThan(0);
    expect((await call(t.app, "GET", "/user/invite/records/2?limit=1", { token: root.token })).data).toMatchObject({
      total: 2,
      page: 2,
      limit: 1,
      list: [{ nickname: "Bob" }],
    });

    expect((await call(t.app, "GET", "/user/team/info", { token: root.token })).data).toEqual({
      directCount: 2,
      teamSize: 4,
      teamPerformance: (100_000_000n + 250_000_000n + 9_007_199_254_740_993n).toString(),
    });
    expect((await call(t.app, "GET", "/user/team/info", { token: d.token })).data).toEqual({
      directCount: 0,
      teamSize: 0,
      teamPerformance: "0",
    });

    const teams = await call(t.app, "POST", "/user/teams", { token: root.token, payload: {} });
    expect(teams.data).toMatchObject({ total: 4, page: 1, limit: 10 });
    expect(
      teams.data.list.map((m: { nickname: string; level: number; performance: string }) => [m.nickname, m.level, m.performance]),
    ).toEqual([
      ["Bob", 1, "100000000"],
      ["Dave", 1, "0"],
      ["Carol", 2, "250000000"],
      ["Eve", 3, "9007199254740993"],
    ]);
    const level2 = await call(t.app, "POST", "/user/teams", { token: root.token, payload: { level: 2 } });
    expect(level2.data).toMatchObject({ total: 1, list: [{ nickname: "Carol", level: 2 }] });
    expect(
      (await call(t.app, "POST", "/user/teams", { token: root.token, payload: { page: 2, limit: 3 } })).data.list,
    ).toHaveLength(1);
  });

  it("validates the page parameters", async () => {
    const u = await newUser(t.app);
    for (const url of [
      "/user/invite/records/0",
      "/user/invite/records/-1",
      "/user/invite/records/abc",
      "/user/invite/records/1.5",
      "/user/invite/records/1?limit=1000",
      "/user/invite/records/1?x=1",
    ]) {
      const r = await call(t.app, "GET", url, { token: u.token });
      expect(r.status, url).toBe(400);
    }
    expect((await call(t.app, "POST", "/user/teams", { token: u.token, payload: { level: 0 } })).code).toBe(400);
    expect((await call(t.app, "POST", "/user/teams", { token: u.token, payload: { limit: 101 } })).msg).toBe(
      "Invalid input: limit (limit must be at most 100)",
    );
  });
});

describe("demo data", () => {
  it("makes the account pages meaningful for Alice, Bob and Carol", async () => {
    await seedDemoData(t.db.kysely);
    const alice = await login(t.app, privateKeyToAccount(DEMO_ACCOUNTS[1]!.privateKey));
    const bob = await login(t.app, privateKeyToAccount(DEMO_ACCOUNTS[2]!.privateKey));
    const carol = await login(t.app, privateKeyToAccount(DEMO_ACCOUNTS[3]!.privateKey));
    expect(await info(alice)).toMatchObject({
      registered: true,
      fundPasswordSet: true,
      email: "a***@example.com",
      identityStatus: "approved",
      bankStatus: "approved",
    });
    expect(await info(bob)).toMatchObject({
      registered: true,
      identityStatus: "pending",
      bankStatus: "none",
      inviter: "DEMA2345",
    });
    expect(await info(carol)).toMatchObject({ identityStatus: "rejected", inviter: "DEMB2345" });
    expect((await call(t.app, "POST", "/user/user/addr", { token: alice })).data.total).toBe(2);
    expect((await call(t.app, "POST", "/user/bank/info", { token: alice })).data).toMatchObject({
      holder: "王小明",
      cardNumber: "6222 **** **** 3446",
    });
    expect((await call(t.app, "POST", "/user/auth/info", { token: carol })).data).toMatchObject({
      status: "rejected",
      reason: "证件照片不清晰，请重新上传",
    });
    expect((await call(t.app, "GET", "/user/team/info", { token: alice })).data).toMatchObject({ directCount: 1, teamSize: 2 });
  });
});
