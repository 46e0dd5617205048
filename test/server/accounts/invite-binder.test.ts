import { createPublicClient, custom, decodeFunctionData, encodeFunctionData, zeroAddress, type PublicClient } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BIND_RETRY_BASE_MS, DEV_INVITE_BINDER } from "../../../domain/invite-binding";
import { loadConfig } from "../../../server/config";
import { loadServerAccounts } from "../../../server/lib/signers/server-accounts";
import { runInviteBinderPass, type InviteBinderOptions } from "../../../server/jobs/invite-binder";
import { readChainContracts } from "../../../server/lib/chain";
import { daoAbi } from "../../../generated/abis";
import { OPERATOR } from "../assets/hardhat";
import { login } from "../support/siwe";
import { startDaoChain, type DaoChain } from "./dao-chain";
import { accountsApp, call, registerUser, type AccountsApp } from "./support";
import type { JobLease } from "../../../server/jobs/lease/with-lease";
import { heldLease } from "../support/held-lease";

const BINDER = privateKeyToAccount(DEV_INVITE_BINDER.privateKey);
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const SETUP_MS = 120_000;

let chain: DaoChain;
let t: AccountsApp;
let lease: JobLease;
beforeAll(async () => {
  chain = await startDaoChain();
}, SETUP_MS);
afterAll(async () => chain?.stop());
beforeEach(async () => {
  t = await accountsApp({ DEPLOYMENTS_FILE: chain.daoDeploymentsFile, CHAIN_RPC_URL: chain.rpcUrl });
  lease = await heldLease(t.db, "invite-binder");
});
afterEach(async () => t.close());

function options(over: Partial<InviteBinderOptions> = {}, on: DaoChain = chain): InviteBinderOptions {
  return {
    lease,
    client: on.client,
    account: BINDER,
    contracts: () => readChainContracts(on.daoDeploymentsFile, 31337),
    chainId: 31337,
    confirmations: 1,
    log: silent,
    ...over,
  };
}
const pass = (over: Partial<InviteBinderOptions> = {}, on: DaoChain = chain) => runInviteBinderPass(options(over, on));

/** A fresh wallet signed in (not registered). */
async function member() {
  const account = privateKeyToAccount(generatePrivateKey());
  const token = await login(t.app, account);
  const info = (await call(t.app, "GET", "/user/info", { token })).data;
  return { account, token, address: account.address, code: info.invitation as string };
}
type Member = Awaited<ReturnType<typeof member>>;

async function register(m: Member, inviter?: Member) {
  const r = await registerUser(t, m.token, inviter ? { invitationCode: inviter.code } : {});
  expect(r.code, r.msg).toBe(0);
}

const row = (m: Member) =>
  t.db.kysely
    .selectFrom("chain_invites as ci")
    .innerJoin("users as u", "u.id", "ci.user_id")
    .selectAll("ci")
    .where("u.address", "=", m.address.toLowerCase())
    .executeTakeFirstOrThrow();

/** Position of `m`'s InviterBound event on `on` (block, then log index). */
async function boundAt(m: Member, on: DaoChain = chain) {
  const events = await on.boundEvents(m.address);
  expect(events).toHaveLength(1);
  return Number(events[0]!.block) * 10_000 + events[0]!.index;
}

const crash = async () => {
  throw new Error("simulated crash before the broadcast");
};

describe("invite binder", () => {
  it("signs with its own account on the local chain only, never with another job's", async () => {
    const local = await loadServerAccounts(loadConfig({}, {}));
    expect(local.inviteBinder?.address).toBe(DEV_INVITE_BINDER.address);
    expect(BINDER.address).toBe(DEV_INVITE_BINDER.address);
    const others = [local.payout, local.lotteryKeeper, local.priceKeeper].map((a) => a?.address);
    expect(others).not.toContain(DEV_INVITE_BINDER.address);
    // Elsewhere nothing is assumed, and the local key is refused as a raw key in the environment.
    expect(loadConfig({}, { CHAIN_ID: "56" }).signers.inviteBinder).toBeNull();
    expect(() => loadConfig({}, { CHAIN_ID: "56", INVITE_BINDER_PRIVATE_KEY: DEV_INVITE_BINDER.privateKey })).toThrow(
      /INVITE_BINDER_PRIVATE_KEY: a raw private key in the environment is refused/,
    );
  });

  it("binds a three-level chain registered out of order: inviters before invitees, each once", async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    // Grandchild first, root last: the queue holds them in the opposite order of the tree.
    await register(c, b);
    await register(b, a);
    await register(a);
    const nonce = await chain.binderNonce();

    // One bindInvitersFor: the DAO binds in order, so b and c follow their inviters in the same transaction.
    expect(await pass()).toMatchObject({ sent: 3, transactions: 1, bound: 3, waiting: 0, failed: 0, adopted: 0 });
    expect(await chain.inviterOf(a.address)).toBe(OPERATOR.address); // no inviter: under the tree's root
    expect(await chain.inviterOf(b.address)).toBe(a.address);
    expect(await chain.inviterOf(c.address)).toBe(b.address);
    expect(await chain.inviteesOf(a.address)).toEqual([b.address]);
    const [atA, atB, atC] = [await boundAt(a), await boundAt(b), await boundAt(c)];
    expect(atA).toBeLessThan(atB);
    expect(atB).toBeLessThan(atC);
    expect((await chain.boundEvents(c.address))[0]!.by).toBe(BINDER.address.toLowerCase());
    for (const m of [a, b, c]) expect(await row(m)).toMatchObject({ status: "bound", tx_hash: expect.any(String) });
    expect(await chain.binderNonce()).toBe(nonce + 1);

    // Idempotent: nothing left, nothing sent.
    expect(await pass()).toMatchObject({ sent: 0, bound: 0, rebroadcast: 0 });
    expect(await chain.binderNonce()).toBe(nonce + 1);
  });

  it("an invitee waits while its inviter is not on chain, and follows as soon as the inviter is bound", async () => {
    const [a, b] = [await member(), await member()];
    await register(b, a); // a signed in but has not registered: not in the tree anywhere
    let now = Date.now();
    expect(await pass({ now: () => now })).toMatchObject({ sent: 0, waiting: 1 });
    expect(await row(b)).toMatchObject({ status: "pending", last_error: expect.stringContaining("Waiting for the inviter") });
    expect(await chain.inviterOf(b.address)).toBe(zeroAddress);

    await register(a);
    now += 1_000;
    // a is bound and wakes b; b goes in the next pass, not a minute later.
    expect(await pass({ now: () => now })).toMatchObject({ sent: 1, bound: 1 });
    expect(await pass({ now: () => now })).toMatchObject({ sent: 1, bound: 1 });
    expect(await chain.inviterOf(b.address)).toBe(a.address);
  });

  it("a crash after signing and before broadcasting: the next process sends the stored bytes, once", async () => {
    const a = await member();
    await register(a);
    const nonce = await chain.binderNonce();
    expect(await pass({ broadcast: crash })).toMatchObject({ sent: 1, bound: 0 });
    const stored = await row(a);
    expect(stored).toMatchObject({ status: "sent", tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(await chain.inviterOf(a.address)).toBe(zeroAddress);

    // "Restart": a new pass finds the stored transaction and sends the same bytes rather than a new one.
    expect(await pass()).toMatchObject({ rebroadcast: 1, bound: 1, sent: 0 });
    expect((await chain.boundEvents(a.address)).length).toBe(1);
    expect(await row(a)).toMatchObject({ status: "bound", tx_hash: stored.tx_hash });
    expect(await chain.binderNonce()).toBe(nonce + 1);
  });

  it("a crash after broadcasting and before recording: the stored transaction is checked, not sent again", async () => {
    const a = await member();
    await register(a);
    const nonce = await chain.binderNonce();
    // The process "dies" right after the broadcast: this pass never finishes.
    void pass({
      broadcast: async (raw) => {
        await chain.client.sendRawTransaction({ serializedTransaction: raw });
        return new Promise(() => undefined);
      },
    });
    for (let i = 0; i < 100 && (await chain.inviterOf(a.address)) === zeroAddress; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await chain.inviterOf(a.address)).toBe(OPERATOR.address);
    expect((await row(a)).status).toBe("sent");

    expect(await pass()).toMatchObject({ bound: 1, sent: 0, rebroadcast: 0 });
    expect(await row(a)).toMatchObject({ status: "bound" });
    expect((await chain.boundEvents(a.address)).length).toBe(1);
    expect(await chain.binderNonce()).toBe(nonce + 1);
  });

  it("a binding already on chain with the same inviter counts as done: nothing is sent", async () => {
    const [a, b] = [await member(), await member()];
    await register(a);
    await register(b, a);
    // Both bindings land on chain while the database never heard of them (say, a restored backup).
    await chain.write(OPERATOR, chain.dao, daoAbi, "bindInviterFor", [a.address, OPERATOR.address]);
    await chain.selfBind(b.account, a.address);
    const nonce = await chain.binderNonce();
    expect(await pass()).toMatchObject({ bound: 2, sent: 0, adopted: 0 });
    expect(await chain.binderNonce()).toBe(nonce);
    for (const m of [a, b]) expect((await row(m)).status).toBe("bound");
  });

  it("retries a failed attempt with a growing wait until it is done", async () => {
    const a = await member();
    await register(a);
    let hiccups = 2;
    const flaky = createPublicClient({
      chain: hardhat,
      cacheTime: 0,
      transport: custom(
        {
          async request({ method, params }) {
            if (method === "eth_estimateGas" && hiccups-- > 0) throw new Error("node hiccup");
            return chain.client.request({ method, params } as never);
          },
        },
        { retryCount: 0 },
      ),
    }) as PublicClient;
    let now = Date.now();
    const at = () => pass({ client: flaky, now: () => now });
    expect(await at()).toMatchObject({ failed: 1, sent: 0 });
    expect(await row(a)).toMatchObject({ status: "pending", last_error: expect.stringContaining("hiccup") });
    expect(Number((await row(a)).attempts)).toBe(1);
    now += BIND_RETRY_BASE_MS - 1;
    expect(await at()).toMatchObject({ failed: 0, sent: 0 }); // not due yet
    now += 1;
    expect(await at()).toMatchObject({ failed: 1, sent: 0 });
    expect(Number((await row(a)).next_attempt_at)).toBe(now + 2 * BIND_RETRY_BASE_MS);
    now += 2 * BIND_RETRY_BASE_MS;
    expect(await at()).toMatchObject({ failed: 0, sent: 1, bound: 1 });
    expect(await chain.inviterOf(a.address)).toBe(OPERATOR.address);
  });

  it("waits, binding nothing, when the deployments are of another chain or the key is no DAO binder", async () => {
    const a = await member();
    await register(a);
    const stranger = privateKeyToAccount(generatePrivateKey());
    expect(await pass({ account: stranger })).toMatchObject({ skipped: "not a DAO binder", sent: 0 });
    const other = { ...readChainContracts(chain.daoDeploymentsFile, 31337)! };
    other.deployments = { ...other.deployments, genesisHash: `0x${"ab".repeat(32)}` };
    expect(await pass({ contracts: () => other })).toMatchObject({ skipped: "deployments file from another chain" });
    expect(await pass({ contracts: () => null })).toMatchObject({ skipped: "no DAO in the deployments" });
    expect((await row(a)).status).toBe("pending");
  });

  it(
    "replays every binding in tree order on a fresh chain; one bound there otherwise keeps the chain's inviter",
    async () => {
      const [a, b, c, d] = [await member(), await member(), await member(), await member()];
      await register(a);
      await register(b, a);
      await register(c, b);
      await register(d, a);
      expect(await pass()).toMatchObject({ sent: 4, bound: 4 });

      const fresh = await startDaoChain();
      try {
        const genesis = async (on: DaoChain) => (await on.client.getBlock({ blockNumber: 0n })).hash;
        expect(await genesis(fresh)).not.toBe(await genesis(chain));
        // On the new chain d binds itself straight under the root before the replay reaches it.
        await fresh.selfBind(d.account, OPERATOR.address);

        expect(await pass({}, fresh)).toMatchObject({ requeued: 4, sent: 3, bound: 3, adopted: 1, failed: 0 });
        expect(await fresh.inviterOf(a.address)).toBe(OPERATOR.address);
        expect(await fresh.inviterOf(b.address)).toBe(a.address);
        expect(await fresh.inviterOf(c.address)).toBe(b.address);
        expect(await boundAt(a, fresh)).toBeLessThan(await boundAt(b, fresh));
        expect(await boundAt(b, fresh)).toBeLessThan(await boundAt(c, fresh));
        // The chain's binding is permanent: the database now agrees with it.
        const dRow = await t.db.kysely
          .selectFrom("users")
          .select("inviter_id")
          .where("address", "=", d.address.toLowerCase())
          .executeTakeFirstOrThrow();
        expect(dRow.inviter_id).toBeNull();
        for (const m of [a, b, c, d])
          expect(await row(m)).toMatchObject({ status: "bound", genesis_hash: (await genesis(fresh)).toLowerCase() });
        expect(await pass({}, fresh)).toMatchObject({ requeued: 0, sent: 0 });
        // The old chain's file no longer matches the fresh node: the binder waits rather than misreads.
        expect(await pass({ contracts: () => readChainContracts(chain.daoDeploymentsFile, 31337) }, fresh)).toMatchObject({
          skipped: "deployments file from another chain",
        });
      } finally {
        await fresh.stop();
      }
    },
    SETUP_MS,
  );
});

/** A log that keeps its warn lines. */
function capturingLog() {
  const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
  const warn = (obj: Record<string, unknown>, msg: string) => void warnings.push({ obj, msg });
  return { warnings, log: { ...silent, warn } as unknown as InviteBinderOptions["log"] };
}

/** The value of an unlabelled series in the app's /metrics text. */
async function metric(name: string): Promise<number> {
  const { text } = await t.app.metrics.exposition();
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  expect(line, name).toBeDefined();
  return Number(line!.split(" ")[1]);
}

const gasRow = (day: string) =>
  t.db.kysely.selectFrom("job_gas_days").selectAll().where("job", "=", "invite-binder").where("day", "=", day).executeTakeFirst();

describe("invite binder: batches, pre-check and daily gas budget", () => {
  it("binds several pending registrations in one bindInvitersFor transaction", async () => {
    const [a, b, c, d] = [await member(), await member(), await member(), await member()];
    await register(a);
    await register(b, a);
    await register(c, b);
    await register(d);
    const nonce = await chain.binderNonce();
    expect(await pass()).toMatchObject({ sent: 4, transactions: 1, bound: 4, failed: 0 });
    expect(await chain.binderNonce()).toBe(nonce + 1);
    const hash = (await row(a)).tx_hash as `0x${string}`;
    for (const m of [b, c, d]) expect((await row(m)).tx_hash).toBe(hash);
    const receipt = await chain.client.getTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    for (const m of [a, b, c, d]) expect((await chain.boundEvents(m.address))[0]!.block).toBe(receipt.blockNumber);
    expect(await chain.inviterOf(c.address)).toBe(b.address);
    expect(await chain.inviterOf(d.address)).toBe(OPERATOR.address);
  });

  it("the pre-check settles a pair already bound on chain without sending it; the others go in one batch", async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    await register(a);
    await register(b, a);
    await register(c);
    // a is bound on chain by someone else (another operator) before the binder runs.
    await chain.write(OPERATOR, chain.dao, daoAbi, "bindInviterFor", [a.address, OPERATOR.address]);
    const nonce = await chain.binderNonce();
    expect(await pass()).toMatchObject({ bound: 3, sent: 2, transactions: 1, failed: 0 });
    expect(await chain.binderNonce()).toBe(nonce + 1);
    expect(await row(a)).toMatchObject({ status: "bound", tx_hash: null });
    expect((await chain.boundEvents(a.address)).map((e) => e.by)).toEqual([OPERATOR.address.toLowerCase()]);
    const hash = (await row(b)).tx_hash as `0x${string}`;
    expect((await row(c)).tx_hash).toBe(hash);
    const bindCalls = decodeFunctionData({ abi: daoAbi, data: (await chain.client.getTransaction({ hash })).input });
    expect(bindCalls.functionName).toBe("bindInvitersFor");
    // Tree order: c (no inviter) before b (one ancestor).
    expect(bindCalls.args).toEqual([
      [c.address, b.address],
      [OPERATOR.address, a.address],
    ]);
  });

  it("a pair bound on chain after the pre-check is skipped by the batch, which neither reverts nor loses the others", async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    for (const m of [a, b, c]) await register(m);
    const nonce = await chain.binderNonce();
    let broadcasts = 0;
    const result = await pass({
      broadcast: async (raw) => {
        // Between the pre-check and the mining, b binds itself under the root.
        if (broadcasts++ === 0) await chain.selfBind(b.account, OPERATOR.address);
        return chain.client.sendRawTransaction({ serializedTransaction: raw });
      },
    });
    expect(result).toMatchObject({ sent: 3, transactions: 1, bound: 3, failed: 0 });
    expect(broadcasts).toBe(1);
    expect(await chain.binderNonce()).toBe(nonce + 1);
    const receipt = await chain.client.getTransactionReceipt({ hash: (await row(a)).tx_hash as `0x${string}` });
    expect(receipt.status).toBe("success");
    expect((await chain.boundEvents(b.address)).map((e) => e.by)).toEqual([b.address.toLowerCase()]);
    for (const m of [a, c]) expect((await chain.boundEvents(m.address))[0]!.block).toBe(receipt.blockNumber);
    for (const m of [a, b, c]) expect((await row(m)).status).toBe("bound");
  });

  it("stops at the daily gas budget with a metric and a warning; the rest waits for the next UTC day", async () => {
    expect(loadConfig({}, {}).inviteBinderDailyGas).toBe(50_000_000);
    expect(loadConfig({}, { INVITE_BINDER_DAILY_GAS: "1000000" }).inviteBinderDailyGas).toBe(1_000_000);
    expect(() => loadConfig({}, { INVITE_BINDER_DAILY_GAS: "0" })).toThrow();

    const day = Date.UTC(2026, 10, 27, 12);
    const budgeted = (dailyGas: number, at: number, over: Partial<InviteBinderOptions> = {}) =>
      pass({ dailyGas, now: () => at, observer: t.app.metrics, ...over });
    const [a, b] = [await member(), await member()];
    await register(a);
    await register(b);
    const first = await budgeted(10_000_000, day);
    expect(first).toMatchObject({ sent: 2, transactions: 1, budget: { day: "2026-11-27", exhausted: false } });
    const spent = first.budget!.spent;
    expect(spent).toBeGreaterThan(100_000);
    expect(Number((await gasRow("2026-11-27"))!.gas)).toBe(spent);
    expect(await metric("pex_invite_binder_gas_budget_remaining")).toBe(10_000_000 - spent);
    expect(await metric("pex_invite_binder_gas_spent_total")).toBe(spent);

    // Three more; today's budget has less room left than one pair costs. A pass that starts
    // afresh (a restart, another replica) reads today's total from the database.
    const [c, d, e] = [await member(), await member(), await member()];
    await register(c);
    await register(d, c);
    await register(e);
    const nonce = await chain.binderNonce();
    const { warnings, log } = capturingLog();
    const state = { stoppedDay: null as string | null };
    const stopped = await budgeted(spent + 50_000, day + 60_000, { log, budgetState: state });
    expect(stopped).toMatchObject({ sent: 0, transactions: 0, failed: 0, budget: { spent, exhausted: true } });
    expect(await chain.binderNonce()).toBe(nonce);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toContain("daily gas budget");
    expect(warnings[0]!.obj).toMatchObject({ day: "2026-11-27", spent, dailyGas: spent + 50_000, waiting: 3 });
    expect(await metric("pex_invite_binder_gas_budget_exhausted")).toBe(1);
    expect(await metric("pex_invite_binder_gas_budget")).toBe(spent + 50_000);
    expect(await metric("pex_invite_binder_gas_budget_remaining")).toBe(50_000);
    for (const m of [c, d, e]) {
      expect(await row(m)).toMatchObject({ status: "pending", last_error: null, tx_hash: null });
      expect(Number((await row(m)).attempts)).toBe(0);
    }
    // The same day again: the job neither reads the chain nor warns again.
    expect(await budgeted(spent + 50_000, day + 120_000, { log, budgetState: state })).toMatchObject({
      sent: 0,
      budget: { exhausted: true },
    });
    expect(warnings).toHaveLength(1);

    // The next UTC day the count starts afresh and the waiting rows go, in one batch (the budget
    // is raised too: this small one would take them in two).
    const next = await budgeted(10_000_000, day + 24 * 3_600_000, { log, budgetState: state });
    expect(next).toMatchObject({ sent: 3, transactions: 1, bound: 3, budget: { day: "2026-11-28", exhausted: false } });
    expect(next.budget!.spent).toBeGreaterThan(0);
    expect(await metric("pex_invite_binder_gas_budget_exhausted")).toBe(0);
    expect(await metric("pex_invite_binder_gas_budget_remaining")).toBe(10_000_000 - next.budget!.spent);
    expect(await metric("pex_invite_binder_gas_spent_total")).toBe(spent + next.budget!.spent);
    expect(await chain.inviterOf(d.address)).toBe(c.address);
    expect(Number((await gasRow("2026-11-27"))!.gas)).toBe(spent);
  });

  it("a batch too big for what is left of the day sends the part that fits, inviters first", async () => {
    const day = Date.UTC(2026, 10, 29, 8);
    const [a, b, c] = [await member(), await member(), await member()];
    await register(a);
    await register(b, a);
    await register(c, b);
    const estimate = (n: number) =>
      chain.client.estimateGas({
        account: BINDER.address,
        to: chain.dao,
        data: encodeFunctionData({
          abi: daoAbi,
          functionName: "bindInvitersFor",
          args: [[a.address, b.address, c.address].slice(0, n), [OPERATOR.address, a.address, b.address].slice(0, n)],
        }),
      });
    const two = Number(await estimate(2));
    expect(two).toBeLessThan(Number(await estimate(3)));
    const result = await pass({ dailyGas: two + 1_000, now: () => day });
    expect(result).toMatchObject({ sent: 2, transactions: 1, budget: { exhausted: false } });
    expect(await chain.inviterOf(b.address)).toBe(a.address);
    expect(await row(c)).toMatchObject({ status: "pending", tx_hash: null });
    expect(Number((await row(c)).attempts)).toBe(0);
    // The rest goes in the next pass, once the budget allows it.
    expect(await pass({ dailyGas: 10_000_000, now: () => day })).toMatchObject({ sent: 1, transactions: 1 });
    expect(await chain.inviterOf(c.address)).toBe(b.address);
  });
});
