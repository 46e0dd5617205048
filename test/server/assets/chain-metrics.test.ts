import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../../domain/demo-accounts";
import { runChainWatcherPass, type ChainWatcherOptions } from "../../../server/jobs/chain-watcher";
import type { JobLease } from "../../../server/jobs/lease/with-lease";
import { runPayoutPass } from "../../../server/jobs/payout-worker";
import { cursorKey, readCursor } from "../../../server/modules/chain/cursor.repository";
import { heldLease } from "../support/held-lease";
import { scrapeMetrics } from "../support/scrape";
import { gameArtifactAbi, OPERATOR, startTestChain, usdtAbi, type TestChain } from "./hardhat";
import { payoutOptions } from "./payout-options";
import { assetsEnvPerTest, FUND_PASSWORD, post, SETUP_TIMEOUT_MS } from "./support";
import { watcherOptions } from "./watcher-options";

/**
 * Issue item "metrics for the alerts": the chain watcher's lag and reorganisation reversals, and
 * the payout worker's counts and stall signal, moved by the real events on a Hardhat chain and
 * read from /metrics as Prometheus reads them.
 */
const ALICE = privateKeyToAccount(DEMO_ACCOUNTS[1]!.privateKey);
const USDT = 1_000_000n;
const RECHARGE = { watcher: "recharge" };

let chain: TestChain;
const env = assetsEnvPerTest();
beforeAll(async () => {
  chain = await startTestChain();
  await chain.write(OPERATOR, chain.usdt, usdtAbi(), "transfer", [ALICE.address, 1_000n * USDT]);
}, 120_000);
afterAll(async () => chain?.stop());

let lease: JobLease;
beforeEach(async () => {
  lease = await heldLease(env.db, "chain-watcher");
});
const watcher = (over: Partial<ChainWatcherOptions> = {}) => watcherOptions(lease, chain, { observer: env.app.metrics, ...over });

async function recharge(reference: bigint, amount: bigint): Promise<void> {
  const intent = (
    await post(env.app, "/asset/chain/recharge", env.aliceToken, { reference: String(reference), amount: String(amount) })
  ).json();
  expect(intent.code, intent.msg).toBe(0);
  await chain.write(ALICE, chain.usdt, usdtAbi(), "approve", [chain.game, amount]);
  await chain.write(ALICE, chain.game, gameArtifactAbi(), "recharge", [chain.usdt, reference, amount]);
}

async function withdraw(amount: bigint): Promise<void> {
  const to = privateKeyToAccount(generatePrivateKey()).address;
  const json = (
    await post(env.app, "/asset/withdraw", env.aliceToken, {
      type: 2,
      address: to,
      amount: String(amount),
      password: FUND_PASSWORD,
    })
  ).json();
  expect(json.code, json.msg).toBe(0);
}

/** The oldest unpaid withdrawal's age as the database has it, in seconds. */
async function oldestUnpaidAge(): Promise<number> {
  const row = await env.db.kysely
    .selectFrom("asset_records")
    .select((eb) => eb.fn.min("created_at").as("oldest"))
    .where("type", "=", "withdraw")
    .where("status", "in", ["pending", "sending"])
    .executeTakeFirstOrThrow();
  return (Date.now() - Number(row.oldest)) / 1000;
}

describe("chain job metrics", { timeout: SETUP_TIMEOUT_MS }, () => {
  it("the watcher's lag is the head less the last block read; a reorganisation counts each reversal by what it undid", async () => {
    await runChainWatcherPass(watcher({ confirmations: 3 })); // earlier events: bring the cursor to the present
    await chain.mine(5);
    await runChainWatcherPass(watcher({ confirmations: 3 }));
    const head = Number(await chain.client.getBlockNumber());
    const cursor = await readCursor(env.db.kysely, cursorKey(31337, chain.game));
    let scrape = await scrapeMetrics(env.app);
    expect(scrape.value("pex_chain_watcher_processed_block", RECHARGE)).toBe(cursor!.block);
    expect(scrape.value("pex_chain_watcher_lag_blocks", RECHARGE)).toBe(head - cursor!.block);
    expect(head - cursor!.block).toBe(2); // three confirmations: the head and the block below it wait
    expect(scrape.value("pex_chain_reorg_reversals_total", { ...RECHARGE, what: "credit" })).toBe(0);

    const snap = await chain.snapshot();
    await recharge(4300000000001n, 25n * USDT);
    expect((await runChainWatcherPass(watcher())).outcomes.matched).toBe(1);
    // The recharge's blocks leave the chain; other blocks take their heights.
    await chain.revert(snap);
    await chain.mine(4);
    const pass = await runChainWatcherPass(watcher());
    expect(pass.reconciled).toMatchObject({ reversed: 1 });
    scrape = await scrapeMetrics(env.app);
    expect(scrape.value("pex_chain_reorg_reversals_total", { ...RECHARGE, what: "credit" })).toBe(1);
    expect(scrape.value("pex_chain_reorg_reversals_total", { ...RECHARGE, what: "cursor" })).toBe(pass.rewound ? 1 : 0);
    expect(scrape.value("pex_chain_reorg_reversals_total", { ...RECHARGE, what: "uncredited_event" })).toBe(0);
    // Nothing more to undo: the counter stays.
    await runChainWatcherPass(watcher());
    expect((await scrapeMetrics(env.app)).value("pex_chain_reorg_reversals_total", { ...RECHARGE, what: "credit" })).toBe(1);
  });

  it("counts payouts sent, confirmed and failed, and shows the oldest unpaid withdrawal's age until it is settled", async () => {
    const payouts = await heldLease(env.db, "payout-worker");
    const worker = (over: Parameters<typeof payoutOptions>[2] = {}) =>
      payoutOptions(payouts, chain, { observer: env.app.metrics, ...over });
    await withdraw(15n * USDT);
    let scrape = await scrapeMetrics(env.app);
    expect(scrape.value("pex_payouts_pending")).toBeGreaterThanOrEqual(1);
    expect(Math.abs(scrape.value("pex_payouts_oldest_unpaid_age_seconds")! - (await oldestUnpaidAge()))).toBeLessThan(5);

    // The operator's wallet pays every waiting withdrawal (the demo data's too).
    const paid = await runPayoutPass(worker());
    expect(paid.sent).toBeGreaterThanOrEqual(1);
    expect(paid.paid).toBe(paid.sent);
    scrape = await scrapeMetrics(env.app);
    expect(scrape.value("pex_payouts_sent_total")).toBe(paid.sent);
    expect(scrape.value("pex_payouts_confirmed_total")).toBe(paid.paid);
    expect(scrape.value("pex_payouts_failed_total")).toBe(0);
    expect(scrape.value("pex_payouts_pending")).toBe(0);
    expect(scrape.value("pex_payouts_oldest_unpaid_age_seconds")).toBe(0);

    // A wallet without USDT: the payout fails and the amount is refunded.
    await withdraw(12n * USDT);
    const failed = await runPayoutPass(worker({ account: privateKeyToAccount(generatePrivateKey()) }));
    expect(failed).toMatchObject({ sent: 0, failed: 1 });
    scrape = await scrapeMetrics(env.app);
    expect(scrape.value("pex_payouts_failed_total")).toBe(1);
    expect(scrape.value("pex_payouts_sent_total")).toBe(paid.sent);
    expect(scrape.value("pex_payouts_oldest_unpaid_age_seconds")).toBe(0);
    // Operational figures only: no wallet, user or transaction is named in any series.
    expect(scrape.text).not.toMatch(/0x[0-9a-fA-F]{40}/);
  });
});
