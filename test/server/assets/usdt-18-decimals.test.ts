/**
 * USDT with 18 decimals, as on BSC, on a chain of its own: balances keep micro-USDT, the watcher
 * credits a recharge exactly (dust below 1 micro-USDT is named on the record, never credited or
 * rounded up) and the payout worker pays a withdrawal in the token's base units.
 */
import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, HARDHAT_MNEMONIC } from "../../../domain/demo-accounts";
import { runChainWatcherPass } from "../../../server/jobs/chain-watcher";
import { runPayoutPass } from "../../../server/jobs/payout-worker";
import type { JobLease } from "../../../server/jobs/lease/with-lease";
import { heldLease } from "../support/held-lease";
import { gameArtifactAbi, OPERATOR, startTestChain, usdtAbi, type TestChain } from "./hardhat";
import { payoutOptions } from "./payout-options";
import { assetsEnvPerTest, balances, expectLedgerMatchesBalances, FUND_PASSWORD, post, SETUP_TIMEOUT_MS } from "./support";
import { watcherOptions } from "./watcher-options";

const ALICE = privateKeyToAccount(DEMO_ACCOUNTS[1]!.privateKey);
const E18 = 10n ** 18n;

let chain: TestChain;
const env = assetsEnvPerTest();

beforeAll(async () => {
  chain = await startTestChain({ usdtDecimals: 18 });
  await chain.write(OPERATOR, chain.usdt, usdtAbi(), "transfer", [ALICE.address, 1_000n * E18]);
}, 120_000);
afterAll(async () => chain?.stop());

let watcherLease: JobLease;
let payoutLease: JobLease;
beforeEach(async () => {
  watcherLease = await heldLease(env.db, "chain-watcher");
  payoutLease = await heldLease(env.db, "payout-worker");
});

async function recharge(reference: string, amount: bigint) {
  await chain.write(ALICE, chain.usdt, usdtAbi(), "approve", [chain.game, amount]);
  return chain.write(ALICE, chain.game, gameArtifactAbi(), "recharge", [chain.usdt, BigInt(reference), amount]);
}

const record = (id: number) =>
  env.db.kysely.selectFrom("asset_records").selectAll().where("id", "=", BigInt(id)).executeTakeFirstOrThrow();

describe("an 18-decimal USDT (BSC)", { timeout: SETUP_TIMEOUT_MS }, () => {
  it("credits a recharge in micro-USDT exactly, and names dust below 1 micro-USDT without crediting it", async () => {
    expect(chain.deployments.usdtDecimals).toBe(18);
    await runChainWatcherPass(watcherOptions(watcherLease, chain));
    const intent = (
      await post(env.app, "/asset/chain/recharge", env.aliceToken, { reference: "5000000000001", amount: "25000000" })
    ).json().data;
    const before = await balances(env.db, env.aliceId);
    await recharge("5000000000001", 25n * E18);
    // A payment sent around the app: one USDT and one base unit of dust.
    await recharge("5000000000002", E18 + 1n);
    const pass = await runChainWatcherPass(watcherOptions(watcherLease, chain));
    expect(pass.outcomes).toMatchObject({ matched: 1, unmatched_intent: 1 });
    expect((await balances(env.db, env.aliceId)).usdt).toBe(before.usdt + 26_000_000n);
    expect(await record(intent.id)).toMatchObject({ status: "success", note: null });
    expect(BigInt((await record(intent.id)).amount)).toBe(25_000_000n);
    const dusty = await env.db.kysely
      .selectFrom("asset_records")
      .selectAll()
      .where("ref", "=", "5000000000002")
      .executeTakeFirstOrThrow();
    expect(BigInt(dusty.amount)).toBe(1_000_000n);
    expect(dusty.note).toMatch(/1 token base units below 1 micro-USDT were not credited/);
    await expectLedgerMatchesBalances(env.db);
  });

  it("pays a withdrawal of micro-USDT as the same amount in 18-decimal base units", async () => {
    await runPayoutPass(payoutOptions(payoutLease, chain));
    const to = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: 12 }).address;
    const json = (
      await post(env.app, "/asset/withdraw", env.aliceToken, {
        type: 2,
        address: to,
        amount: "15000000",
        password: FUND_PASSWORD,
      })
    ).json();
    expect(json.code, json.msg).toBe(0);
    expect(await runPayoutPass(payoutOptions(payoutLease, chain))).toMatchObject({ sent: 1, paid: 1, failed: 0 });
    expect(await chain.usdtBalance(to)).toBe(15n * E18);
    expect(await record(json.data.id as number)).toMatchObject({ status: "success" });
  });
});
