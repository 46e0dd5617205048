import { zeroAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEV_INVITE_BINDER } from "../../../domain/invite-binding";
import { runInviteBinderPass } from "../../../server/jobs/invite-binder";
import { readChainContracts } from "../../../server/lib/chain";
import { OPERATOR } from "../assets/hardhat";
import { login } from "../support/siwe";
import { startDaoChain, type DaoChain } from "./dao-chain";
import { accountsApp, call, mailedCode, registerUser, snapshot, type AccountsApp } from "./support";
import type { JobLease } from "../../../server/jobs/lease/with-lease";
import { heldLease } from "../support/held-lease";

const silent = { info: () => {}, warn: () => {}, error: () => {} };

let chain: DaoChain;
let t: AccountsApp;
let lease: JobLease;
beforeAll(async () => {
  chain = await startDaoChain();
}, 120_000);
afterAll(async () => chain?.stop());
beforeEach(async () => {
  t = await accountsApp({ DEPLOYMENTS_FILE: chain.daoDeploymentsFile, CHAIN_RPC_URL: chain.rpcUrl });
  lease = await heldLease(t.db, "invite-binder");
});
afterEach(async () => t.close());

const bind = () =>
  runInviteBinderPass({
    lease,
    client: chain.client,
    account: privateKeyToAccount(DEV_INVITE_BINDER.privateKey),
    contracts: () => readChainContracts(chain.daoDeploymentsFile, 31337),
    chainId: 31337,
    confirmations: 1,
    log: silent,
  });

async function member(app = t.app) {
  const account = privateKeyToAccount(generatePrivateKey());
  const token = await login(app, account);
  const info = (await call(app, "GET", "/user/info", { token })).data;
  return { account, token, address: account.address, code: info.invitation as string };
}
type Member = Awaited<ReturnType<typeof member>>;

const inviterIdOf = async (m: Member) =>
  (
    await t.db.kysely
      .selectFrom("users")
      .select("inviter_id")
      .where("address", "=", m.address.toLowerCase())
      .executeTakeFirstOrThrow()
  ).inviter_id;
const idOf = async (address: string) =>
  BigInt(
    (await t.db.kysely.selectFrom("users").select("id").where("address", "=", address.toLowerCase()).executeTakeFirstOrThrow())
      .id,
  );
const chainInviter = (m: Member) => call(t.app, "GET", "/user/chain/inviter", { token: m.token });

/** Alice registered without an inviter, bound on chain under the root by the binder. */
async function boundAlice() {
  const alice = await member();
  expect((await registerUser(t, alice.token)).code).toBe(0);
  expect(await bind()).toMatchObject({ bound: 1 });
  return alice;
}

describe("registration and the binding on chain, in both orders", () => {
  it("register, then bind: the binder puts the form's inviter on chain", async () => {
    const alice = await boundAlice();
    const w = await member();
    expect((await chainInviter(w)).data).toEqual({ chain: true, bound: false, inviter: null });
    const r = await registerUser(t, w.token, { invitationCode: alice.code });
    expect(r.data).toMatchObject({ inviter: alice.code, inviterFromChain: false, codeOverridden: false });
    expect(await chain.inviterOf(w.address)).toBe(zeroAddress);
    const records = async () => (await call(t.app, "GET", "/user/invite/records/1", { token: alice.token })).data.list;
    expect(await records()).toMatchObject([{ onChain: false }]);
    expect(await bind()).toMatchObject({ sent: 1, bound: 1 });
    expect(await chain.inviterOf(w.address)).toBe(alice.address);
    expect(await records()).toMatchObject([{ onChain: true }]);
    expect(await chain.inviteesOf(alice.address)).toEqual([w.address]);
    expect((await chainInviter(w)).data).toEqual({
      chain: true,
      bound: true,
      inviter: { address: alice.address.toLowerCase(), invitationCode: alice.code },
    });
  });

  it("bind on chain, then register: the chain's inviter is taken over the form's code, and the reply says so", async () => {
    const alice = await boundAlice();
    const bob = await member();
    expect((await registerUser(t, bob.token)).code).toBe(0);
    expect(await bind()).toMatchObject({ bound: 1 });
    const w = await member();
    await chain.selfBind(w.account, alice.address);
    // The form learns it before submitting.
    expect((await chainInviter(w)).data).toEqual({
      chain: true,
      bound: true,
      inviter: { address: alice.address.toLowerCase(), invitationCode: alice.code },
    });

    const r = await registerUser(t, w.token, { invitationCode: bob.code });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ inviter: alice.code, inviterFromChain: true, codeOverridden: true, registered: true });
    expect(await inviterIdOf(w)).toBe(await idOf(alice.address));
    // Alice's team has w, Bob's has not.
    expect((await call(t.app, "GET", "/user/team/info", { token: alice.token })).data.directCount).toBe(1);
    expect((await call(t.app, "GET", "/user/team/info", { token: bob.token })).data.directCount).toBe(0);
    // Nothing to send: the binder finds w bound with the database's inviter.
    const nonce = await chain.binderNonce();
    expect(await bind()).toMatchObject({ sent: 0, adopted: 0 });
    expect(await chain.binderNonce()).toBe(nonce);
    const row = await t.db.kysely
      .selectFrom("chain_invites")
      .selectAll()
      .where("user_id", "=", await idOf(w.address))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("bound");
  });

  it("the same code as the chain's inviter is no override; no code at all takes the chain's inviter too", async () => {
    const alice = await boundAlice();
    const [w1, w2] = [await member(), await member()];
    await chain.selfBind(w1.account, alice.address);
    await chain.selfBind(w2.account, alice.address);
    expect((await registerUser(t, w1.token, { invitationCode: alice.code })).data).toMatchObject({
      inviter: alice.code,
      inviterFromChain: true,
      codeOverridden: false,
    });
    expect((await registerUser(t, w2.token)).data).toMatchObject({
      inviter: alice.code,
      inviterFromChain: true,
      codeOverridden: false,
    });
  });

  it("bound under the tree's root: registers without an inviter, whatever the code", async () => {
    const alice = await boundAlice();
    const w = await member();
    await chain.selfBind(w.account, OPERATOR.address);
    expect((await chainInviter(w)).data).toEqual({ chain: true, bound: true, inviter: null });
    const r = await registerUser(t, w.token, { invitationCode: alice.code });
    expect(r.data).toMatchObject({ inviter: null, inviterFromChain: true, codeOverridden: true });
    expect(await inviterIdOf(w)).toBeNull();
    expect(await bind()).toMatchObject({ sent: 0, adopted: 0, bound: 1 });
  });

  it("the tree root's own account as the inviter agrees with the chain, whoever binds", async () => {
    const rootToken = await login(t.app, OPERATOR);
    const rootCode = (await call(t.app, "GET", "/user/info", { token: rootToken })).data.invitation as string;
    // The root registers: it is in the tree already (a root), without an inviter.
    expect((await registerUser(t, rootToken)).data).toMatchObject({
      inviter: null,
      inviterFromChain: true,
      codeOverridden: false,
    });
    const w = await member();
    expect((await registerUser(t, w.token, { invitationCode: rootCode })).data).toMatchObject({ inviterFromChain: false });
    expect(await bind()).toMatchObject({ sent: 1, adopted: 0, failed: 0 });
    expect(await chain.inviterOf(w.address)).toBe(OPERATOR.address);
    expect(await inviterIdOf(w)).toBe(await idOf(OPERATOR.address));
    // Bound under the root on chain first, then registered with the root's code: kept, no override.
    const w2 = await member();
    await chain.selfBind(w2.account, OPERATOR.address);
    expect((await registerUser(t, w2.token, { invitationCode: rootCode })).data).toMatchObject({
      inviter: rootCode,
      inviterFromChain: true,
      codeOverridden: false,
    });
    expect(await bind()).toMatchObject({ sent: 0, adopted: 0 });
    expect(await inviterIdOf(w2)).toBe(await idOf(OPERATOR.address));
  });

  it("bound under a wallet that never signed in here: that wallet becomes the inviter (and a user)", async () => {
    const alice = await boundAlice();
    const stranger = privateKeyToAccount(generatePrivateKey());
    await chain.selfBind(stranger, alice.address);
    const w = await member();
    await chain.selfBind(w.account, stranger.address);
    expect((await chainInviter(w)).data).toEqual({
      chain: true,
      bound: true,
      inviter: { address: stranger.address.toLowerCase(), invitationCode: null },
    });
    const r = await registerUser(t, w.token);
    expect(r.code, r.msg).toBe(0);
    const strangerRow = await t.db.kysely
      .selectFrom("users")
      .selectAll()
      .where("address", "=", stranger.address.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(strangerRow.registered_at).toBeNull();
    expect(r.data).toMatchObject({ inviter: strangerRow.invitation_code, inviterFromChain: true });
    expect(await inviterIdOf(w)).toBe(BigInt(strangerRow.id));
  });

  it("bound elsewhere after registering, before the binder: the database takes the chain's inviter", async () => {
    const alice = await boundAlice();
    const bob = await member();
    expect((await registerUser(t, bob.token, { invitationCode: alice.code })).code).toBe(0);
    expect(await bind()).toMatchObject({ bound: 1 });
    const w = await member();
    expect((await registerUser(t, w.token, { invitationCode: bob.code })).data).toMatchObject({ inviterFromChain: false });
    // The wallet binds itself under Alice before the binder gets to it: permanent on chain.
    await chain.selfBind(w.account, alice.address);
    expect(await bind()).toMatchObject({ sent: 0, adopted: 1 });
    expect(await inviterIdOf(w)).toBe(await idOf(alice.address));
    expect((await call(t.app, "GET", "/user/info", { token: w.token })).data.inviter).toBe(alice.code);
  });
});

describe("a chain that cannot be read", () => {
  it("refuses to register (503) and changes nothing, not even the email code's attempts", async () => {
    const down = await accountsApp({ DEPLOYMENTS_FILE: chain.daoDeploymentsFile, CHAIN_RPC_URL: "http://127.0.0.1:9" });
    try {
      const w = await member(down.app);
      expect((await call(down.app, "GET", "/user/chain/inviter", { token: w.token })).code).toBe(503);
      await call(down.app, "POST", "/home/send/email", { payload: { email: "w@example.com", purpose: "register" } });
      const before = await snapshot(down.db.kysely);
      const r = await call(down.app, "POST", "/user/register", {
        token: w.token,
        payload: { email: "w@example.com", code: mailedCode(down.dataDir, "w@example.com"), fundPassword: "123456" },
      });
      expect(r).toMatchObject({ code: 503, key: "chain.unreadable" });
      expect(await snapshot(down.db.kysely)).toEqual(before);
      expect(await down.db.kysely.selectFrom("chain_invites").selectAll().execute()).toEqual([]);
    } finally {
      await down.close();
    }
  });

  it("without a chain configured the form alone decides", async () => {
    const none = await accountsApp();
    try {
      const w = await member(none.app);
      expect((await call(none.app, "GET", "/user/chain/inviter", { token: w.token })).data).toEqual({
        chain: false,
        bound: false,
        inviter: null,
      });
    } finally {
      await none.close();
    }
  });
});
