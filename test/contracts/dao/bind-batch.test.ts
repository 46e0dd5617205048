import { describe, expect, it } from "vitest";
import { getAddress, toHex, zeroAddress, type Address } from "viem";
import { eventsOf, revertsWith, world, type World } from "../support/fixture";

/** `n` fresh addresses no wallet holds, distinct per `salt`: accounts an operator binds for. */
const fresh = (n: number, salt: number): Address[] =>
  Array.from({ length: n }, (_, i) => getAddress(toHex(BigInt(salt) * 1_000_000n + BigInt(i) + 1n, { size: 20 })));

/** Gas used by one bindInvitersFor of `users` all under `inviters` (one each, or one for all). */
async function batchGas(w: World, users: Address[], inviters: Address[] | Address) {
  const list = Array.isArray(inviters) ? inviters : users.map(() => inviters);
  const receipt = await w.send(w.dao.write.bindInvitersFor([users, list]));
  expect(eventsOf(receipt, w.dao, "InviterBound")).toHaveLength(users.length);
  return receipt.gasUsed;
}

describe("DAO: bindInvitersFor (the binder's batch)", () => {
  it("binds every pair in order, with one InviterBound each, and says how many it bound", async () => {
    const w = await world();
    const owner = w.owner.account.address;
    const [a, b, c] = fresh(3, 1) as [Address, Address, Address];
    // b's inviter is a, bound earlier in the same call.
    expect((await w.dao.simulate.bindInvitersFor([[a, b, c], [owner, a, owner]])).result).toBe(3n);
    const receipt = await w.send(w.dao.write.bindInvitersFor([[a, b, c], [owner, a, owner]]));
    expect(eventsOf(receipt, w.dao, "InviterBound").map((e) => e.args)).toEqual([
      { account: a, inviter: owner, by: owner },
      { account: b, inviter: a, by: owner },
      { account: c, inviter: owner, by: owner },
    ]);
    expect(await w.dao.read.inviterOf([b])).toBe(a);
    expect(await w.dao.read.inviteesOf([owner])).toEqual([a, c]);
    for (const x of [a, b, c]) expect(await w.dao.read.isRegistered([x])).toBe(true);
    expect(await w.dao.read.MAX_BIND_BATCH()).toBe(50n);
  });

  it("skips a pair already bound, neither reverting nor emitting for it, and binds the others", async () => {
    const w = await world();
    const owner = getAddress(w.owner.account.address);
    const alice = getAddress(w.alice.account.address);
    const [x, y] = fresh(2, 2) as [Address, Address];
    await w.send(w.of(w.alice).dao.write.bindInviter([owner])); // alice bound herself meanwhile
    expect((await w.dao.simulate.bindInvitersFor([[x, alice, y], [owner, x, owner]])).result).toBe(2n);
    const receipt = await w.send(w.dao.write.bindInvitersFor([[x, alice, y], [owner, x, owner]]));
    expect(receipt.status).toBe("success");
    expect(eventsOf(receipt, w.dao, "InviterBound").map((e) => e.args.account)).toEqual([x, y]);
    expect(await w.dao.read.inviterOf([alice])).toBe(owner); // her own binding stands
    expect(await w.dao.read.inviteesOf([x])).toEqual([]);
    expect(await w.dao.read.inviterOf([y])).toBe(owner);
  });

  it("skips the pairs a single bind refuses: zero addresses, a self-invite, an inviter not in the tree", async () => {
    const w = await world();
    const owner = w.owner.account.address;
    const [u, v, stranger, ok] = fresh(4, 3) as [Address, Address, Address, Address];
    const users = [zeroAddress, u, u, v, ok];
    const inviters = [owner, zeroAddress, u, stranger, owner];
    const receipt = await w.send(w.dao.write.bindInvitersFor([users, inviters]));
    expect(eventsOf(receipt, w.dao, "InviterBound").map((e) => e.args.account)).toEqual([ok]);
    for (const x of [zeroAddress, u, v]) expect(await w.dao.read.isRegistered([x])).toBe(false);
    // An empty batch is no error: nothing to do.
    expect(eventsOf(await w.send(w.dao.write.bindInvitersFor([[], []])), w.dao, "InviterBound")).toHaveLength(0);
  });

  it("reverts on arrays of different lengths, on more than MAX_BIND_BATCH pairs, and for a non-operator", async () => {
    const w = await world();
    const owner = w.owner.account.address;
    const users = fresh(51, 4);
    await expect(w.dao.write.bindInvitersFor([users.slice(0, 2), [owner]])).rejects.toThrow(
      revertsWith("DaoBindBatchLengthMismatch"),
    );
    await expect(w.dao.write.bindInvitersFor([users, users.map(() => owner)])).rejects.toThrow(
      revertsWith("DaoBindBatchTooLarge"),
    );
    await expect(w.of(w.alice).dao.write.bindInvitersFor([users.slice(0, 1), [owner]])).rejects.toThrow(
      revertsWith("AccessControlUnauthorizedAccount"),
    );
    // 50 is allowed.
    expect(await batchGas(w, users.slice(0, 50), owner)).toBeGreaterThan(0n);
  });

  it("costs less per pair than one bindInviterFor per registration (gas of 1, 10 and 50 pairs)", async () => {
    const w = await world();
    const owner = w.owner.account.address;
    // Inviters already in the tree, each with invitees already: the registrations of a live shop.
    const inviters = fresh(50, 5);
    await w.send(w.dao.write.bindInvitersFor([inviters, inviters.map(() => owner)]));
    await w.send(w.dao.write.bindInvitersFor([fresh(50, 6), inviters]));
    const single = (await w.send(w.dao.write.bindInviterFor([fresh(1, 7)[0]!, inviters[0]!]))).gasUsed;
    const one = await batchGas(w, fresh(1, 8), inviters.slice(1, 2));
    const ten = await batchGas(w, fresh(10, 9), inviters.slice(0, 10));
    const fifty = await batchGas(w, fresh(50, 10), inviters);
    const perPair = { single, one, ten: ten / 10n, fifty: fifty / 50n };
    console.info(`bind gas: single ${single}; batch of 1 ${one}, of 10 ${ten}, of 50 ${fifty}; per pair`, perPair);
    expect(one - single).toBeLessThan(2_000n); // the arrays' overhead
    // Each pair writes the same slots as a single bind; the batch saves the transaction's own cost.
    expect(single - perPair.ten).toBeGreaterThan(20_000n);
    expect(single - perPair.fifty).toBeGreaterThan(20_000n);
    // A full batch stays far below a block (BSC: 140M; Ethereum: 36M).
    expect(fifty).toBeLessThan(5_000_000n);
  });
});
