import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../../domain/demo-accounts";
import { createChainClient, readChainContracts } from "../../../server/lib/chain";
import { runChainWatcherPass, type ChainWatcherOptions } from "../../../server/jobs/chain-watcher";
import { watcherOptions } from "./watcher-options";
import { cursorKey, readCursor, writeCursor } from "../../../server/modules/chain/cursor.repository";
import { balances, expectLedgerMatchesBalances, post, SETUP_TIMEOUT_MS, assetsEnvPerTest } from "./support";
import { gameArtifactAbi, startTestChain, usdtAbi, type TestChain } from "./hardhat";
import type { JobLease } from "../../../server/jobs/lease/with-lease";
import { heldLease } from "../support/held-lease";

const ALICE = privateKeyToAccount(DEMO_ACCOUNTS[1]!.privateKey);
const BOB = privateKeyToAccount(DEMO_ACCOUNTS[2]!.privateKey);
// Hardhat account #4: a wallet with no account in the app.
const STRANGER = privateKeyToAccount("0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a");

let chain: TestChain;
const env = assetsEnvPerTest();

beforeAll(async () => {
  chain = await startTestChain();
  for (const who of [ALICE, BOB, STRANGER])
    await chain.write(privateKeyToAccount(DEMO_ACCOUNTS[0]!.privateKey), chain.usdt, usdtAbi(), "transfer", [
      who.address,
      1_000_000_000n,
    ]);
}, 120_000);
afterAll(async () => chain?.stop());

let lease: JobLease;
beforeEach(async () => {
  lease = await heldLease(env.db, "chain-watcher");
});
const watcher = (over: Partial<ChainWatcherOptions> = {}) => watcherOptions(lease, chain, over);

async function recharge(from: typeof ALICE, reference: string, amount: bigint, c: TestChain = chain) {
  await c.write(from, c.usdt, usdtAbi(), "approve", [c.game, amount]);
  return c.write(from, c.game, gameArtifactAbi(), "recharge", [c.usdt, BigInt(reference), amount]);
}

const record = (id: number) =>
  env.db.kysely.selectFrom("asset_records").selectAll().where("id", "=", BigInt(id)).executeTakeFirstOrThrow();

describe("chain watcher", { timeout: SETUP_TIMEOUT_MS }, () => {
  it("credits a matched recharge once, after a restart from an old cursor too", async () => {
    // Earlier tests' events are on this chain too; bring the cursor to the present first.
    await runChainWatcherPass(watcher());
    const intent = (
      await post(env.app, "/asset/chain/recharge", env.aliceToken, { reference: "4000000000001", amount: "25000000" })
    ).json().data;
    const before = await balances(env.db, env.aliceId);
    const hash = await recharge(ALICE, "4000000000001", 25_000_000n);

    const first = await runChainWatcherPass(watcher());
    expect(first.outcomes.matched).toBe(1);
    expect(await balances(env.db, env.aliceId)).toEqual({ ...before, usdt: before.usdt + 25_000_000n });
    expect(await record(intent.id)).toMatchObject({ status: "success", tx_hash: hash, note: null });
    const list = (await post(env.app, "/asset/records", env.aliceToken, { type: "recharge" })).json().data.list;
    expect(list.find((r: { id: number }) => r.id === intent.id)).toMatchObject({
      status: "Success",
      txHash: hash,
      amount: "25000000",
    });

    // "Restart" with the cursor from before the event: the event is read again and not credited again.
    await writeCursor(env.db.kysely, cursorKey(31337, chain.game), {
      genesisHash: chain.deployments.genesisHash,
      block: chain.deployments.startBlock - 1,
    });
    const again = await runChainWatcherPass(watcher());
    expect(again.outcomes.matched + again.outcomes.unmatched_intent).toBe(0);
    expect(again.outcomes.duplicate).toBeGreaterThanOrEqual(1);
    expect(await balances(env.db, env.aliceId)).toEqual({ ...before, usdt: before.usdt + 25_000_000n });
    const ledger = await env.db.kysely.selectFrom("ledger").selectAll().where("ref", "=", `record:${intent.id}`).execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: "recharge", currency: "USDT" });
    await expectLedgerMatchesBalances(env.db);
  });

  it("two watchers at once still credit each event once", async () => {
    await runChainWatcherPass(watcher());
    await post(env.app, "/asset/chain/recharge", env.aliceToken, { reference: "4000000000002", amount: "3000000" });
    const before = await balances(env.db, env.aliceId);
    await recharge(ALICE, "4000000000002", 3_000_000n);
    await writeCursor(env.db.kysely, cursorKey(31337, chain.game), {
      genesisHash: chain.deployments.genesisHash,
      block: chain.deployments.startBlock - 1,
    });
    await Promise.all([runChainWatcherPass(watcher()), runChainWatcherPass(watcher())]);
    expect((await balances(env.db, env.aliceId)).usdt).toBe(before.usdt + 3_000_000n);
    await expectLedgerMatchesBalances(env.db);
  });

  it("waits for the configured confirmations", async () => {
    await runChainWatcherPass(watcher());
    const intent = (
      await post(env.app, "/asset/chain/recharge", env.aliceToken, { reference: "4000000000003", amount: "1000000" })
    ).json().data;
    await recharge(ALICE, "4000000000003", 1_000_000n);
    expect((await runChainWatcherPass(watcher({ confirmations: 3 }))).outcomes.matched).toBe(0);
    expect((await record(intent.id)).status).toBe("pending");
    await chain.mine(2);
    expect((await runChainWatcherPass(watcher({ confirmations: 3 }))).outcomes.matched).toBe(1);
    expect((await record(intent.id)).status).toBe("success");
  });

  it("credits a payment without a matching intent to its sender, and records a stranger's without crediting", async () => {
    await runChainWatcherPass(watcher());
    // Alice's intent, but Bob pays with her reference: Bob is credited on a new record; Alice's intent stays open.
    const intent = (
      await post(env.app, "/asset/chain/recharge", env.aliceToken, { reference: "4000000000004", amount: "2000000" })
    ).json().data;
    const bobBefore = await balances(env.db, env.bobId);
    const bobHash = await recharge(BOB, "4000000000004", 2_000_000n);
    const strangerHash = await recharge(STRANGER, "4000000000005", 7_000_000n);
    const usersBefore = (await env.db.kysely.selectFrom("users").select("id").execute()).length;
    const pass = await runChainWatcherPass(watcher());
    expect(pass.outcomes).toMatchObject({ matched: 0, unmatched_intent: 1, no_user: 1 });
    expect((await balances(env.db, env.bobId)).usdt).toBe(bobBefore.usdt + 2_000_000n);
    const bobRecord = await env.db.kysely
      .selectFrom("asset_records")
      .selectAll()
      .where("tx_hash", "=", bobHash)
      .executeTakeFirstOrThrow();
    expect(bobRecord).toMatchObject({
      type: "recharge",
      status: "success",
      ref: "4000000000004",
      note: "No open recharge of this account with reference 4000000000004",
    });
    expect((await record(intent.id)).status).toBe("pending");
    const stranger = await env.db.kysely
      .selectFrom("chain_events")
      .selectAll()
      .where("tx_hash", "=", strangerHash.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(stranger.kind).toBe("recharge_no_user");
    expect(JSON.parse(stranger.payload)).toMatchObject({
      user: STRANGER.address.toLowerCase(),
      amount: "7000000",
      random: "4000000000005",
    });
    expect((await env.db.kysely.selectFrom("users").select("id").execute()).length).toBe(usersBefore);
    await expectLedgerMatchesBalances(env.db);
  });

  it("fails an intent unpaid past its lifetime, and still completes it when the payment comes late", async () => {
    await runChainWatcherPass(watcher());
    const intent = (
      await post(env.app, "/asset/chain/recharge", env.aliceToken, { reference: "4000000000006", amount: "1000000" })
    ).json().data;
    const later = () => Date.now() + 25 * 3600_000;
    await runChainWatcherPass(watcher({ now: later }));
    expect(await record(intent.id)).toMatchObject({ status: "failed", note: "No payment seen within 24 hours" });
    await recharge(ALICE, "4000000000006", 1_000_000n);
    await runChainWatcherPass(watcher({ now: later }));
    expect(await record(intent.id)).toMatchObject({ status: "success", note: null });
  });

  it("skips a deployments file from another chain and resets its cursor on a new chain", async () => {
    await runChainWatcherPass(watcher());
    const key = cursorKey(31337, chain.game);
    // A cursor left by another chain (other genesis, far ahead): this chain is read from its start block.
    await writeCursor(env.db.kysely, key, { genesisHash: `0x${"12".repeat(32)}`, block: 99_999_999 });
    const reset = await runChainWatcherPass(watcher());
    expect(reset.fromBlock).toBe(chain.deployments.startBlock);
    expect(await readCursor(env.db.kysely, key)).toMatchObject({ genesisHash: chain.deployments.genesisHash });

    const stale = { ...chain.deployments, genesisHash: `0x${"34".repeat(32)}` as const };
    const skipped = await runChainWatcherPass(
      watcher({ contracts: () => ({ deployments: stale, usdt: chain.usdt, game: chain.game }) }),
    );
    expect(skipped.skipped).toBe("deployments file from another chain");
  });

  it("a new chain (fresh node, fresh deploy) is read from its start block and credited", async () => {
    await runChainWatcherPass(watcher());
    const second = await startTestChain();
    try {
      expect(second.deployments.genesisHash).not.toBe(chain.deployments.genesisHash);
      await second.write(privateKeyToAccount(DEMO_ACCOUNTS[0]!.privateKey), second.usdt, usdtAbi(), "transfer", [
        ALICE.address,
        10_000_000n,
      ]);
      const intent = (
        await post(env.app, "/asset/chain/recharge", env.aliceToken, { reference: "4000000000007", amount: "4000000" })
      ).json().data;
      await recharge(ALICE, "4000000000007", 4_000_000n, second);
      const before = await balances(env.db, env.aliceId);
      const onSecond = () =>
        watcher({
          client: createChainClient({ chainId: 31337, rpcUrl: second.rpcUrl }),
          contracts: () => readChainContracts(second.deploymentsFile, 31337),
        });
      const pass = await runChainWatcherPass(onSecond());
      expect(pass.outcomes.matched).toBe(1);
      expect((await balances(env.db, env.aliceId)).usdt).toBe(before.usdt + 4_000_000n);
      expect((await record(intent.id)).status).toBe("success");
      expect((await runChainWatcherPass(onSecond())).outcomes.matched).toBe(0);
    } finally {
      await second.stop();
    }
  }, 60_000);
});
