/**
 * Issue 11, item 1: the boardroom takeover with borrowed stake, performed step by step.
 *
 * A chain of five fresh accounts with 20,000 PEX staked at the bottom makes five Senior Nodes
 * above the director threshold. Against the one-off check `joinDirector` used to make, the
 * attacker seated all five, unstaked (the principal comes back in the warmup), repeated with a
 * new chain and the same PEX until its seats passed two thirds, and paid itself treasury 1.
 * Each test below runs that script (with PEX bought on the pool, flash-swapped inside one
 * transaction, or held over some blocks) and checks that it does no harm.
 *
 * "One held stake seats five directors": the same chains with the stake held through
 * the seniority period seated ten directors, as every ancestor's team counted the one stake. A
 * seat now needs the director threshold in stake of its own: (e) runs that attack.
 */
import { describe, expect, it } from "vitest";
import { loadFixture } from "@nomicfoundation/hardhat-toolbox-viem/network-helpers";
import { decodeErrorResult, getContract, keccak256, parseAbi, parseEther, toHex, type Address, type Hex } from "viem";
import { revertErrorName, type WalletClient } from "../../../scripts/protocol/contracts";
import { advance, hre, now, protocolFixture, stakeAs, type World } from "../support/fixture";

const CHAIN_STAKE = parseEther("20000");
/** Longer than any seniority period the DAO starts with. */
const SETTLE = 8 * 86_400;

const raiderAbi = parseAbi([
  "function raid(uint256 borrow, uint256 chains, address inviter, address token, address treasury, address beneficiary)",
  "function seated() view returns (uint256)",
  "function signatures() view returns (uint256)",
  "function refusals() view returns (uint256)",
  "function firstRefusal() view returns (bytes)",
]);

/**
 * The demo's boardroom: #1, #2 and #3 are Senior Nodes through #5's 25,000 PEX stake
 * (owner ← #1 ← #2 ← #3 ← #4 ← #5), each with 10,000 PEX of its own staked (the director
 * threshold), held long enough, and have joined. Treasury 1 holds the deployment's 50,000 USDB.
 */
async function boardroomFixture(): Promise<World> {
  const w = await protocolFixture();
  for (let i = 1; i <= 5; i++) await w.send(w.of(w.wallets[i]!).dao.write.bindInviter([w.wallets[i - 1]!.account.address]));
  await stakeAs(w, w.wallets[5]!, parseEther("25000"));
  for (const i of [1, 2, 3]) await stakeAs(w, w.wallets[i]!, parseEther("10000"));
  await advance(w, SETTLE);
  for (const i of [1, 2, 3]) await w.send(w.of(w.wallets[i]!).dao.write.joinDirector());
  return w;
}

const boardroom = () => loadFixture(boardroomFixture);

let freshCount = 0;
/** `n` accounts nobody used before, with gas money: what an attacker creates by the dozen. */
async function freshAccounts(w: World, n: number): Promise<WalletClient[]> {
  const out: WalletClient[] = [];
  for (let i = 0; i < n; i++) {
    const address = keccak256(toHex(`boardroom-raid-${freshCount++}`)).slice(0, 42) as Address;
    await hre.network.provider.send("hardhat_impersonateAccount", [address]);
    await hre.network.provider.send("hardhat_setBalance", [address, toHex(parseEther("10"))]);
    out.push(await hre.viem.getWalletClient(address));
  }
  return out;
}

/** Runs one step of the attack; a refusal is recorded by its custom error name, not thrown. */
async function attempt(w: World, refusals: string[], step: Promise<Hex>): Promise<boolean> {
  try {
    await w.send(step);
    return true;
  } catch (err) {
    refusals.push(revertErrorName(err) ?? String(err));
    return false;
  }
}

/** Buys PEX on the PEX-ETH pool with ETH: the attacker's stake is market-bought. */
async function buyPex(w: World, buyer: WalletClient, eth: bigint) {
  const deadline = (await now(w)) + 600n;
  await w.send(w.of(buyer).router.write.swapExactETHForTokens([0n, [w.weth, w.pex.address], buyer.account.address, deadline], { value: eth }));
}

interface Chain {
  seats: WalletClient[];
  bottom: WalletClient;
}

/** Six fresh accounts bound one under the other below `top`: five seats and the staker at the bottom. */
async function newChain(w: World, top: Address): Promise<Chain> {
  const accounts = await freshAccounts(w, 6);
  let up = top;
  for (const a of accounts) {
    await w.send(w.of(a).dao.write.bindInviter([up]));
    up = a.account.address;
  }
  return { seats: accounts.slice(0, 5), bottom: accounts[5]! };
}

async function stakeAtBottom(w: World, attacker: WalletClient, chain: Chain): Promise<bigint> {
  await w.send(w.of(attacker).pex.write.transfer([chain.bottom.account.address, CHAIN_STAKE]));
  await w.send(w.of(chain.bottom).pex.write.approve([w.spex.address, CHAIN_STAKE]));
  await w.send(w.of(chain.bottom).spex.write.stake([CHAIN_STAKE, 1n]));
  return w.spex.read.stakeCount();
}

async function unstakeAndReturn(w: World, attacker: WalletClient, chain: Chain, id: bigint) {
  await w.send(w.of(chain.bottom).spex.write.unStake([id]));
  await w.send(w.of(chain.bottom).pex.write.transfer([attacker.account.address, CHAIN_STAKE]));
}

/** Seats proposing and signing a spend of treasury 1's whole USDB to the attacker. */
async function proposeDrain(w: World, seats: WalletClient[], beneficiary: Address, refusals: string[], random: bigint) {
  const amount = await w.usdb.read.balanceOf([w.treasury1.address]);
  const [first, ...others] = seats;
  await attempt(w, refusals, w.of(first!).dao.write.createSpendProposal([random, w.usdb.address, beneficiary, amount, 3600n]));
  for (const s of others) await attempt(w, refusals, w.of(s).dao.write.passProposal([random]));
}

/** What the raid must not have achieved: treasury 1 intact, the attacker unpaid. */
async function expectNoHarm(w: World, treasuryBefore: bigint, beneficiary: Address, seats: WalletClient[]) {
  expect(await w.usdb.read.balanceOf([w.treasury1.address])).toBe(treasuryBefore);
  expect(await w.usdb.read.balanceOf([beneficiary])).toBe(0n);
  const seated = await Promise.all(seats.map((s) => w.dao.read.isDirector([s.account.address])));
  expect(seated.filter(Boolean)).toHaveLength(0);
}

describe("boardroom takeover with borrowed stake", () => {
  it("(a) chains of five fresh accounts on 20,000 market-bought PEX cannot seat directors and drain treasury 1", async () => {
    const w = await boardroom();
    const attacker = w.wallets[10]!;
    const beneficiary = w.wallets[11]!.account.address;
    const treasuryBefore = await w.usdb.read.balanceOf([w.treasury1.address]);
    expect(treasuryBefore).toBe(parseEther("50000"));
    await buyPex(w, attacker, parseEther("30"));
    expect(await w.pex.read.balanceOf([attacker.account.address])).toBeGreaterThan(CHAIN_STAKE);
    await w.send(w.of(attacker).dao.write.bindInviter([w.owner.account.address]));

    // Two chains on the same 20,000 PEX: 10 seats against 3 directors is more than two thirds.
    const refusals: string[] = [];
    const seats: WalletClient[] = [];
    for (let round = 0; round < 2; round++) {
      const chain = await newChain(w, attacker.account.address);
      const id = await stakeAtBottom(w, attacker, chain);
      for (const seat of chain.seats) await attempt(w, refusals, w.of(seat).dao.write.joinDirector());
      await unstakeAndReturn(w, attacker, chain, id);
      seats.push(...chain.seats);
    }
    await proposeDrain(w, seats, beneficiary, refusals, 1_111n);

    await expectNoHarm(w, treasuryBefore, beneficiary, seats);
    // The seats' own stake is nothing: refused before their seniority is even asked.
    expect(refusals).toContain("DaoOwnPrincipalBelowThreshold");
    expect(await w.pex.read.balanceOf([attacker.account.address])).toBeGreaterThanOrEqual(CHAIN_STAKE);
  });

  it("(b) a flash swap from the PEX-ETH pair, staked, seated, signed and repaid in ONE transaction does no harm", async () => {
    const w = await boardroom();
    const attacker = w.wallets[10]!;
    const beneficiary = w.wallets[11]!.account.address;
    const treasuryBefore = await w.usdb.read.balanceOf([w.treasury1.address]);
    const deployed = await hre.viem.deployContract(
      "BoardroomRaider",
      [w.dao.address, w.spex.address, w.pex.address, w.pexEthPair],
      { client: { wallet: attacker } },
    );
    const raider = getContract({ abi: raiderAbi, address: deployed.address, client: { public: w.publicClient, wallet: attacker } });
    // The pair's 0.3 % fee on 20,000 PEX, paid by the attacker.
    await w.send(w.pex.write.transfer([raider.address, parseEther("100")]));
    const pairPexBefore = await w.pex.read.balanceOf([w.pexEthPair]);

    const receipt = await w.send(
      raider.write.raid([CHAIN_STAKE, 2n, w.owner.account.address, w.usdb.address, w.treasury1.address, beneficiary]),
    );
    expect(receipt.status).toBe("success");

    // The flash swap happened and was repaid with its fee inside the same transaction.
    expect(await w.pex.read.balanceOf([w.pexEthPair])).toBeGreaterThan(pairPexBefore);
    expect(await w.usdb.read.balanceOf([w.treasury1.address])).toBe(treasuryBefore);
    expect(await w.usdb.read.balanceOf([beneficiary])).toBe(0n);
    expect(await raider.read.seated()).toBe(0n);
    expect(await raider.read.signatures()).toBe(0n);
    expect(await w.dao.read.directors()).toHaveLength(3);
    // Every seat was refused (10 joins), and so were the proposal and the 9 signatures.
    expect(await raider.read.refusals()).toBe(20n);
    const first = decodeErrorResult({ abi: w.dao.abi, data: await raider.read.firstRefusal() });
    expect(first.errorName).toBe("DaoOwnPrincipalBelowThreshold");
  });

  it("(c) the same across blocks (stake, seats and signatures minutes later, unstake) does no harm", async () => {
    const w = await boardroom();
    const attacker = w.wallets[10]!;
    const beneficiary = w.wallets[11]!.account.address;
    const treasuryBefore = await w.usdb.read.balanceOf([w.treasury1.address]);
    await buyPex(w, attacker, parseEther("30"));
    await w.send(w.of(attacker).dao.write.bindInviter([w.owner.account.address]));

    const refusals: string[] = [];
    const chains: Chain[] = [];
    const ids: bigint[] = [];
    // Both chains staked with separate PEX (bought on the pool) and held across blocks.
    await buyPex(w, attacker, parseEther("50"));
    for (let round = 0; round < 2; round++) {
      const chain = await newChain(w, attacker.account.address);
      ids.push(await stakeAtBottom(w, attacker, chain));
      chains.push(chain);
    }
    await hre.network.provider.send("hardhat_mine", [toHex(20), toHex(15)]);
    await advance(w, 5 * 60);
    const seats = chains.flatMap((c) => c.seats);
    for (const seat of seats) await attempt(w, refusals, w.of(seat).dao.write.joinDirector());
    await advance(w, 10 * 60);
    await proposeDrain(w, seats, beneficiary, refusals, 2_222n);
    for (const [i, chain] of chains.entries()) await unstakeAndReturn(w, attacker, chain, ids[i]!);

    await expectNoHarm(w, treasuryBefore, beneficiary, seats);
    expect(refusals.filter((r) => r === "DaoOwnPrincipalBelowThreshold")).toHaveLength(10);
    expect(refusals.filter((r) => r === "DaoNotDirector")).toHaveLength(10);
  });

  it("(d) one stake recycled through chains, each held for the seniority period, never holds two thirds", async () => {
    const w = await boardroom();
    const attacker = w.wallets[10]!;
    const beneficiary = w.wallets[11]!.account.address;
    const treasuryBefore = await w.usdb.read.balanceOf([w.treasury1.address]);
    await buyPex(w, attacker, parseEther("30"));
    await w.send(w.of(attacker).dao.write.bindInviter([w.owner.account.address]));

    const refusals: string[] = [];
    const seats: WalletClient[] = [];
    for (let round = 0; round < 2; round++) {
      const chain = await newChain(w, attacker.account.address);
      const id = await stakeAtBottom(w, attacker, chain);
      await advance(w, SETTLE);
      for (const seat of chain.seats) await attempt(w, refusals, w.of(seat).dao.write.joinDirector());
      await unstakeAndReturn(w, attacker, chain, id);
      seats.push(...chain.seats);
    }
    // The second chain's stake is back in the attacker's hands too: no seat is backed now.
    await proposeDrain(w, seats, beneficiary, refusals, 3_333n);

    expect(await w.usdb.read.balanceOf([w.treasury1.address])).toBe(treasuryBefore);
    expect(await w.usdb.read.balanceOf([beneficiary])).toBe(0n);
    expect(refusals.filter((r) => r === "DaoOwnPrincipalBelowThreshold")).toHaveLength(10);
  });

  it("(e) one held stake seats no directors: two chains of six under one account, 20,000 PEX at each bottom held through the seniority period, pay the attacker nothing", async () => {
    const w = await boardroom();
    const attacker = w.wallets[10]!;
    const treasuryBefore = await w.usdb.read.balanceOf([w.treasury1.address]);
    await buyPex(w, attacker, parseEther("80"));
    const bought = await w.pex.read.balanceOf([attacker.account.address]);
    expect(bought).toBeGreaterThanOrEqual(2n * CHAIN_STAKE);
    await w.send(w.of(attacker).dao.write.bindInviter([w.owner.account.address]));

    // Both chains under the attacker, each bottom staking 20,000, held through the seniority period.
    const refusals: string[] = [];
    const chains: Chain[] = [];
    const ids: bigint[] = [];
    for (let round = 0; round < 2; round++) {
      const chain = await newChain(w, attacker.account.address);
      ids.push(await stakeAtBottom(w, attacker, chain));
      chains.push(chain);
    }
    await advance(w, SETTLE);
    const seats = chains.flatMap((c) => c.seats);
    // Each seat stands on the bottom's stake as its team: Senior Nodes all ten.
    for (const seat of seats) expect(await w.dao.read.nodeTypeOf([seat.account.address])).toBe(4);
    for (const seat of seats) await attempt(w, refusals, w.of(seat).dao.write.joinDirector());
    await proposeDrain(w, seats, attacker.account.address, refusals, 4_444n);
    for (const [i, chain] of chains.entries()) await unstakeAndReturn(w, attacker, chain, ids[i]!);

    await expectNoHarm(w, treasuryBefore, attacker.account.address, seats);
    expect(await w.dao.read.directors()).toHaveLength(3);
    expect(refusals.filter((r) => r === "DaoOwnPrincipalBelowThreshold")).toHaveLength(10);
    // The stake came back whole (the rebase reward stays with the bottoms).
    expect(await w.pex.read.balanceOf([attacker.account.address])).toBe(bought);
  });
});
