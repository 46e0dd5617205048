/**
 * Demo data for a local chain, so every protocol page shows something real: balances for
 * Hardhat accounts #1..#3, an invitation tree with stakes at every node level, a rebase with
 * rewards, bonds of both kinds, IDO allocations, reward-token vaults, DAO dividends, three
 * directors with proposals in each state, a drawn lottery round and a running one.
 *
 * Account roles: #0 deployer, owner and operator (root of the tree); #1..#3 the demo users the
 * app logs in with; #4..#7 further team members; #4 is also the invite binder (the DAO's BINDER_ROLE)
 * (domain/invite-binding.ts), which signs only after the deploy; #9 the lottery keeper
 * (domain/lottery-local.ts); #19 the price keeper (domain/eth-usd-price.ts).
 */
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { parseEther, parseUnits, type Address, type Hex } from "viem";
import { waitForTimestamp } from "./chain-time";
import { mined, type WalletClient } from "./contracts";
import { as, LOCAL_TWAP, type Protocol } from "./deploy-protocol";
import { fulfilThroughMock } from "./vrf";

export const DEMO_REFS = {
  signalProposal: 1_700_000_000_001n,
  pendingSpendProposal: 1_700_000_000_002n,
  executedSpendProposal: 1_700_000_000_003n,
} as const;

export interface DemoSummary {
  /** Position ids by account index (#0..#7), in staking order. */
  stakes: Record<number, bigint[]>;
  bonds: Record<number, bigint[]>;
  directors: Address[];
  drawnRound: bigint;
  runningRound: bigint;
}

const DEMO_TIME_LIMIT = 2n ** 63n;

export async function seedDemo(hre: HardhatRuntimeEnvironment, p: Protocol): Promise<DemoSummary> {
  const wallets = await hre.viem.getWalletClients();
  if (wallets.length < 8) throw new Error("the demo needs 8 funded accounts");
  const pc = p.publicClient;
  const send = (hash: Promise<Hex>) => mined(pc, hash);
  const now = async () => (await pc.getBlock()).timestamp;
  const w = (i: number): WalletClient => wallets[i]!;
  const addr = (i: number): Address => w(i).account.address;
  const user = (i: number) => as(p, w(i));
  const owner = as(p, w(0));
  // USDT in the token's own decimals (6 by default, 18 when the local chain stands in for BSC).
  const usdtDecimals = await p.usdt.read.decimals();
  const usdt = (amount: string) => parseUnits(amount, usdtDecimals);

  // Stakes come first, before the first rebase is due (every block is at least a second later
  // than the one before, so the chain clock runs ahead of the wall clock while seeding).
  for (let i = 1; i <= 7; i++) await send(owner.pex.write.transfer([addr(i), parseEther("50000")]));

  // Invitation tree: #0 ← #1 ← #2 ← #3 ← #6 ← #7, and #1 ← #4 ← #5.
  const inviters: [number, number][] = [
    [1, 0],
    [2, 1],
    [3, 2],
    [4, 1],
    [5, 4],
    [6, 3],
    [7, 6],
  ];
  for (const [i, inviter] of inviters) await send(user(i).dao.write.bindInviter([addr(inviter)]));

  // Stakes giving every node level: #1, #2, #3 Senior; #6 Primary; #4 Value; #5, #7 Ordinary.
  // #1, #2, #3 and the owner stake at least the director threshold (10,000 PEX) of their own:
  // a boardroom seat needs it (the team's stake counts for the level only).
  const stakePlan: [number, string][] = [
    [1, "7000"],
    [1, "5000"],
    [2, "10000"],
    [3, "10000"],
    [4, "1500"],
    [5, "300"],
    [6, "25000"],
    [7, "3000"],
    [0, "10000"],
  ];
  const stakes: Record<number, bigint[]> = {};
  let random = 1_700_000_100_000n;
  for (const [i, amount] of stakePlan) {
    const u = user(i);
    await send(u.pex.write.approve([p.spex.address, parseEther(amount)]));
    await send(u.spex.write.stake([parseEther(amount), random++]));
    (stakes[i] ??= []).push(await p.spex.read.stakeCount());
  }

  // Test USDT and USDB for the three demo users.
  for (const i of [1, 2, 3]) {
    await send(owner.usdt.write.transfer([addr(i), usdt("10000")]));
    await send(owner.usdb.write.transfer([addr(i), parseEther("10000")]));
  }

  // Lottery round 1 is short so that it can be drawn during the deployment. Every block is at
  // least a second after the previous one, so the seeding below outlasts it.
  for (const i of [1, 2, 3]) {
    const u = user(i);
    await send(u.usdt.write.approve([p.game.address, usdt("500")]));
    await send(u.game.write.deposit([p.usdt.address, usdt("500")]));
  }
  const round1Start = await now();
  const round1End = round1Start + 30n;
  await send(owner.game.write.startRound([round1Start, round1End, usdt("1")]));
  const entries1: Record<number, bigint> = { 1: 5n, 2: 3n, 3: 2n };
  for (const i of [1, 2, 3]) await send(user(i).game.write.join([entries1[i]!]));

  // Bonds of both kinds.
  const deadline = DEMO_TIME_LIMIT;
  const bonds: Record<number, bigint[]> = {};
  await send(user(1).front.write.ethBond([random++], { value: parseEther("1") }));
  (bonds[1] ??= []).push(await p.front.read.bondCount());
  await send(user(3).front.write.ethBond([random++], { value: parseEther("0.5") }));
  (bonds[3] ??= []).push(await p.front.read.bondCount());
  const [, lpPayout] = await p.front.read.getLpBondParams([parseEther("2")]);
  await send(user(2).front.write.lpBond([random++, (lpPayout * 99n) / 100n, deadline], { value: parseEther("2") }));
  (bonds[2] ??= []).push(await p.front.read.bondCount());

  // IDO allocations for the demo users; #1 has taken its 65 % already.
  const allocations = [parseEther("10000"), parseEther("20000"), parseEther("30000")];
  await send(owner.pex.write.transfer([p.ido.address, allocations.reduce((a, b) => a + b, 0n)]));
  await send(owner.ido.write.addAllocations([[addr(1), addr(2), addr(3)], allocations]));
  await send(user(1).ido.write.claimPex65());

  // Reward tokens: WIN and WIN1 holders, and vault funding above the rewards (price > 1).
  await send(owner.usdb.write.approve([p.win.address, parseEther("1650")]));
  await send(owner.win.write.reward([addr(1), parseEther("1000")]));
  await send(owner.win.write.reward([addr(2), parseEther("500")]));
  await send(owner.win.write.fund([parseEther("150")]));
  await send(owner.usdb.write.approve([p.win1.address, parseEther("1050")]));
  await send(owner.win1.write.reward([addr(1), parseEther("300")]));
  await send(owner.win1.write.reward([addr(3), parseEther("700")]));
  await send(owner.win1.write.fund([parseEther("50")]));
  await send(user(2).win.write.redeem([parseEther("100")]));

  // Draw round 1: after its end, ask for the VRF word; the local coordinator mock answers when
  // told to (as the lottery keeper does), Chainlink's coordinator on its own a few blocks later.
  await waitForTimestamp(hre, pc, round1End);
  await send(user(1).game.write.requestDraw([1n]));
  await send(user(1).game.write.setNickname(["Alice"]));
  await send(user(2).game.write.setNickname(["Bob"]));
  await drawn(p, 1n);

  // Round 2 runs for a day: two players joined, #3 joins through Auto Join.
  const round2Start = await now();
  await send(owner.game.write.startRound([round2Start, round2Start + 86_400n, usdt("1")]));
  await send(user(1).game.write.join([10n]));
  await send(user(2).game.write.join([4n]));
  await send(user(3).game.write.setAutoJoin([true, 2n]));
  await send(user(3).game.write.setNickname(["Carol"]));
  await send(owner.game.write.processAutoJoins([0n, 10n]));

  // The first rebase (unless a transaction above already triggered it), then a claim and an
  // acceleration.
  await waitForTimestamp(hre, pc, p.deployedAt + BigInt(p.config.firstRebaseIn));
  if ((await p.spex.read.getNextRebase()) <= (await now())) await send(owner.spex.write.rebase());
  if ((await p.spex.read.calculationProfit([stakes[2]![0]!])) > 0n)
    await send(user(2).spex.write.claimProfit([stakes[2]![0]!, random]));
  const [, fee] = await p.spex.read.quoteAcceleration([stakes[1]![0]!, 1n]);
  await send(user(1).usdb.write.approve([p.spex.address, fee]));
  await send(user(1).spex.write.accelerateProfit([stakes[1]![0]!, 1n]));

  // DAO: weights for everyone, one dividend round, #2 has claimed its share.
  for (let i = 0; i <= 7; i++) await send(owner.dao.write.pokeNode([addr(i)]));
  await send(owner.pex.write.approve([p.dao.address, parseEther("5000")]));
  await send(owner.dao.write.distributeDividends([parseEther("5000")]));
  await send(user(2).dao.write.claimDividends());

  // Boardroom: three directors, a signalling proposal (1 of 3 signatures), a spend proposal
  // waiting for its last signature, and an executed one. A seat needs the Senior Node standing
  // held for the seniority period (a minute on the demo chain): wait for it, and for the owner's
  // too (the compatibility check seats the owner as a fourth director).
  let seniorAt = 0n;
  for (const i of [0, 1, 2, 3]) {
    const { seniorAt: at } = await p.dao.read.seniorityOf([addr(i)]);
    if (at > seniorAt) seniorAt = at;
  }
  await waitForTimestamp(hre, pc, seniorAt);
  for (const i of [1, 2, 3]) await send(user(i).dao.write.joinDirector());
  await send(user(1).dao.write.createProposal([DEMO_REFS.signalProposal]));
  await send(
    user(2).dao.write.createSpendProposal([
      DEMO_REFS.pendingSpendProposal,
      p.usdb.address,
      addr(2),
      parseEther("1000"),
      3n * 86_400n,
    ]),
  );
  await send(user(3).dao.write.passProposal([DEMO_REFS.pendingSpendProposal]));
  await send(
    user(1).dao.write.createSpendProposal([
      DEMO_REFS.executedSpendProposal,
      p.usdb.address,
      addr(4),
      parseEther("500"),
      3n * 86_400n,
    ]),
  );
  await send(user(2).dao.write.passProposal([DEMO_REFS.executedSpendProposal]));
  await send(user(3).dao.write.passProposal([DEMO_REFS.executedSpendProposal]));

  return { stakes, bonds, directors: [addr(1), addr(2), addr(3)], drawnRound: 1n, runningRound: 2n };
}

/** Waits until `round`'s draw request is fulfilled: through the local mock at once, else by polling (up to 10 minutes). */
async function drawn(p: Protocol, round: bigint): Promise<void> {
  const { requestId } = await p.game.read.getRound([round]);
  if (p.vrf.mock) {
    await fulfilThroughMock(p.publicClient, p.vrf, requestId);
  } else {
    for (let waited = 0; (await p.game.read.roundState([round])) !== 3; waited += 5_000) {
      if (waited > 600_000) throw new Error(`VRF request ${requestId} of round ${round} was not fulfilled in 10 minutes`);
      await new Promise((r) => setTimeout(r, 5_000));
    }
  }
  if ((await p.game.read.roundState([round])) !== 3) throw new Error(`round ${round} was not drawn by its VRF word`);
}

/** Protocol settings for a local demo chain: quick first rebase (after the deploy's wait for the
 * first PEX-ETH average), no warmup, an hour's staleness limit on the ETH/USD feed, which the
 * server's price keeper refreshes (server/jobs/price-keeper.ts), the local average's one-minute
 * window, which that keeper observes too, and a one-minute boardroom seniority period (the
 * shortest the DAO accepts), so the seeded directors sit without moving chain time far from the
 * wall clock. */
export function demoConfigOverrides() {
  return { firstRebaseIn: 100 + LOCAL_TWAP.window, warmup: 0, maxPriceAge: 3600, twap: LOCAL_TWAP, seniorityPeriod: 60n };
}
