/**
 * A scripted scenario that calls every user-facing function at least once, in its costly case
 * (a staker with a full-depth invitation chain above it, a rebase due inside a stake, a spend
 * proposal executing on its last signature…), and records gasUsed from each receipt.
 *
 * Used by scripts/gas-report.ts (writes docs/gas.md) and by the gas budget test. It needs
 * Hardhat's in-process network (it moves time forward).
 */
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { getAddress, parseEther, parseUnits, toHex, type Hex } from "viem";
import { connect, mined, type WalletClient } from "./contracts";
import { as, defaultConfig, deployProtocol, type Protocol } from "./deploy-protocol";
import { fulfilThroughMock } from "./vrf";
import { advanceWithKeepers } from "./keepers";
import { boardroomAtCapacity } from "./gas-boardroom";
import { permitCases } from "./gas-permits";
import type { Caller, GasMeasurement } from "./gas-types";

export { budgetOf, GAS_BUDGET, STAKING_FUNCTIONS, type Caller, type GasMeasurement } from "./gas-types";

export async function runGasScenario(
  hre: HardhatRuntimeEnvironment,
): Promise<{ protocol: Protocol; measurements: GasMeasurement[] }> {
  if (hre.network.name !== "hardhat") throw new Error("the gas scenario runs on Hardhat's in-process network");
  const p = await deployProtocol(hre, defaultConfig);
  const wallets = await hre.viem.getWalletClients();
  const pc = p.publicClient;
  const w = (i: number): WalletClient => wallets[i]!;
  const a = (i: number) => w(i).account.address;
  const u = (i: number) => as(p, w(i));
  const owner = u(0);
  const measurements: GasMeasurement[] = [];
  const send = (hash: Promise<Hex>) => mined(pc, hash);
  const measure = async (contract: string, fn: string, note: string, caller: Caller, hash: Promise<Hex>) => {
    const receipt = await send(hash);
    measurements.push({ contract, fn, note, caller, gas: receipt.gasUsed });
    return receipt;
  };
  // Time moves on; the price keeper keeps the ETH/USD feed and the PEX-ETH average fresh, as on
  // a live network. A use a window after the last observation records the next one itself.
  const increase = async (seconds: number) => advanceWithKeepers(hre, p, (await pc.getBlock()).timestamp + BigInt(seconds));
  const window = defaultConfig.twap.window;
  let random = 1_000_000_000_000n;

  // An invitation chain #1 ← #2 ← … ← #8 under the owner: #8's stake reaches the most
  // ancestors a stake updates (MAX_TEAM_DEPTH).
  for (let i = 1; i <= 8; i++) await send(owner.pex.write.transfer([a(i), parseEther("60000")]));
  await send(owner.usdb.write.transfer([a(8), parseEther("50000")]));
  for (let i = 1; i <= 7; i++) await send(u(i).dao.write.bindInviter([a(i - 1)]));
  await measure("DAO", "bindInviter", "joins a chain deeper than MAX_TEAM_DEPTH", "user", u(8).dao.write.bindInviter([a(7)]));

  // Staking. The owner's stake makes the totals non-zero: a one-off cost of the first stake ever.
  await send(owner.pex.write.approve([p.spex.address, parseEther("10")]));
  await measure(
    "SPEX",
    "stake",
    "the protocol's very first stake (one-off)",
    "user",
    owner.spex.write.stake([parseEther("10"), random++]),
  );
  const staker = u(8);
  await measure("PEX", "approve", "", "user", staker.pex.write.approve([p.spex.address, parseEther("60000")]));
  await increase(defaultConfig.firstRebaseIn);
  const permits = permitCases(hre, p, w(8), measure, send);
  const worstStake = "worst case: an account's first position, all ancestors' teams updated, triggers the due rebase";
  await permits.stake(parseEther("25000"), random, worstStake);
  await measure("SPEX", "stake", worstStake, "user", staker.spex.write.stake([parseEther("25000"), random++]));
  await measure("SPEX", "stake", "another position", "user", staker.spex.write.stake([parseEther("1000"), random++]));
  await increase(defaultConfig.epochLength);
  await measure("SPEX", "rebase", "one due epoch", "anyone", owner.spex.write.rebase());
  await increase(defaultConfig.epochLength);
  await measure(
    "SPEX",
    "stake",
    "another position, triggers the due rebase",
    "user",
    staker.spex.write.stake([parseEther("1000"), random++]),
  );
  await measure("SPEX", "claimProfit", "after warmup", "user", staker.spex.write.claimProfit([2n, random++]));
  await increase(defaultConfig.epochLength);
  await measure("SPEX", "claimProfit", "triggers the due rebase", "user", staker.spex.write.claimProfit([2n, random++]));
  await permits.accelerate(2n, 30n, "30 days (90 epochs compounded), records the PEX average's observation");
  await send(staker.usdb.write.approve([p.spex.address, parseEther("50000")]));
  await measure(
    "SPEX",
    "accelerateProfit",
    "30 days (90 epochs compounded), records the PEX average's observation",
    "user",
    staker.spex.write.accelerateProfit([2n, 30n]),
  );
  await measure(
    "SPEX",
    "accelerateProfit",
    "30 days, inside the average's window",
    "user",
    staker.spex.write.accelerateProfit([4n, 30n]),
  );
  await measure("SPEX", "unStake", "after warmup, with reward", "user", staker.spex.write.unStake([3n]));
  await increase(defaultConfig.epochLength);
  await measure("SPEX", "unStake", "triggers the due rebase", "user", staker.spex.write.unStake([4n]));
  // A position opened shortly before an epoch ends is still in its warmup after the rebase.
  await increase(defaultConfig.epochLength - 600);
  await send(owner.spex.write.rebase()).catch(() => undefined);
  await send(staker.pex.write.approve([p.spex.address, parseEther("100")]));
  await send(staker.spex.write.stake([parseEther("100"), random++]));
  await advanceWithKeepers(hre, p, await p.spex.read.getNextRebase());
  await send(owner.spex.write.rebase());
  await measure("SPEX", "unStake", "inside the warmup: reward burned", "user", staker.spex.write.unStake([5n]));

  // Bonds: the first of each kind a window after the last observation records the next one.
  const observes = "records the PEX average's observation";
  const inWindow = "inside the average's window";
  const eth = { value: parseEther("1") };
  await measure("Front", "ethBond", observes, "user", staker.front.write.ethBond([random++], eth));
  await measure("Front", "ethBond", inWindow, "user", staker.front.write.ethBond([random++], eth));
  const lpBond = async (note: string) => {
    const [, payout] = await p.front.read.getLpBondParams([parseEther("1")]);
    const deadline = (await pc.getBlock()).timestamp + 3600n;
    await measure("Front", "lpBond", note, "user", staker.front.write.lpBond([random++, (payout * 99n) / 100n, deadline], eth));
  };
  // The first LP bond also pays for the pair's first cumulative prices (zero to non-zero).
  await increase(window);
  await lpBond(`through UniswapV2Router02, the pool's first trade since its liquidity, ${observes}`);
  await lpBond(`through UniswapV2Router02, ${inWindow}`);
  const ethBondWithMin = async (note: string) => {
    const deadline = (await pc.getBlock()).timestamp + 3600n;
    await measure("Front", "ethBondWithMin", note, "user", staker.front.write.ethBondWithMin([random++, 1n, deadline], eth));
  };
  await ethBondWithMin(inWindow);
  await increase(window);
  await ethBondWithMin(observes);
  await increase(window);
  await measure("Front", "update", "the PEX average's observation", "anyone", owner.front.write.update());
  await increase(86_400);
  await measure("Front", "redeemBond", "partly vested", "user", staker.front.write.redeemBond([1n]));
  await measure("Front", "redeemBonds", "two bonds", "user", staker.front.write.redeemBonds([[2n, 3n]]));

  // WIN and WIN1.
  await send(owner.usdb.write.approve([p.win.address, parseEther("1000")]));
  await send(owner.win.write.reward([a(8), parseEther("500")]));
  await measure("WIN", "fund", "", "user", owner.win.write.fund([parseEther("100")]));
  await permits.fund(parseEther("100"));
  await measure("WIN", "redeem", "", "user", staker.win.write.redeem([parseEther("100")]));
  await send(owner.usdb.write.approve([p.win1.address, parseEther("500")]));
  await send(owner.win1.write.reward([a(8), parseEther("500")]));
  await measure("WIN1", "redeem", "", "user", staker.win1.write.redeem([parseEther("100")]));

  // IDO.
  await send(owner.pex.write.transfer([p.ido.address, parseEther("1000")]));
  await send(owner.ido.write.addAllocations([[a(8)], [parseEther("1000")]]));
  await measure("IDO", "claimPex65", "", "user", staker.ido.write.claimPex65());
  await increase(86_400);
  await measure("IDO", "claimPex35", "first claim", "user", staker.ido.write.claimPex35());
  await send(owner.pex.write.transfer([p.ido.address, parseEther("500")]));
  await send(owner.ido.write.addAllocations([[a(8)], [parseEther("500")]]));
  await measure(
    "IDO",
    "claimPex65",
    "the 65 % of an allocation added after the first claim",
    "user",
    staker.ido.write.claimPex65(),
  );

  // DAO dividends: #3..#7 have #8 within MAX_TEAM_DEPTH below them.
  for (let i = 3; i <= 7; i++) await send(owner.dao.write.pokeNode([a(i)]));
  await measure("DAO", "pokeNode", "weight unchanged", "anyone", owner.dao.write.pokeNode([a(3)]));
  await send(owner.pex.write.approve([p.dao.address, parseEther("1000")]));
  await measure("DAO", "distributeDividends", "", "operator", owner.dao.write.distributeDividends([parseEther("1000")]));
  await measure("DAO", "claimDividends", "", "user", u(3).dao.write.claimDividends());

  // Boardroom: #3..#6 are Senior Nodes through #8's stake, and each stakes the director
  // threshold of its own (a seat needs it), held for the seniority period.
  for (const i of [3, 4, 5, 6]) {
    await send(u(i).pex.write.approve([p.spex.address, defaultConfig.directorThreshold]));
    await send(u(i).spex.write.stake([defaultConfig.directorThreshold, random++]));
  }
  await increase(Number(defaultConfig.seniorityPeriod));
  await send(owner.spex.write.rebase());
  await measure("DAO", "joinDirector", "", "user", u(3).dao.write.joinDirector());
  for (const i of [4, 5, 6]) await send(u(i).dao.write.joinDirector());
  await measure("DAO", "createProposal", "", "user", u(3).dao.write.createProposal([random++]));
  const spend = random++;
  await measure(
    "DAO",
    "createSpendProposal",
    "",
    "user",
    u(3).dao.write.createSpendProposal([spend, p.usdb.address, a(9), parseEther("10"), 86_400n]),
  );
  await measure("DAO", "passProposal", "signature below the threshold", "user", u(4).dao.write.passProposal([spend]));
  await measure("DAO", "passProposal", "last signature: executes the spend", "user", u(5).dao.write.passProposal([spend]));
  await measure("DAO", "leaveDirector", "", "user", u(6).dao.write.leaveDirector());
  await boardroomAtCapacity(hre, p, { u, a, send, measure, increase, random: () => random++ });
  // Game: recharge, game balance, lottery.
  const gamer = u(1);
  await send(owner.usdt.write.transfer([a(1), parseUnits("1000", 6)]));
  await send(gamer.usdt.write.approve([p.game.address, parseUnits("1000", 6)]));
  await measure("Game", "recharge", "", "user", gamer.game.write.recharge([p.usdt.address, random, parseUnits("10", 6)]));
  await measure("Game", "deposit", "", "user", gamer.game.write.deposit([p.usdt.address, parseUnits("500", 6)]));
  await measure("Game", "withdraw", "", "user", gamer.game.write.withdraw([p.usdt.address, parseUnits("10", 6)]));
  const start = (await pc.getBlock()).timestamp;
  await measure("Game", "startRound", "", "operator", owner.game.write.startRound([start, start + 3600n, parseUnits("1", 6)]));
  await measure("Game", "join", "first entries of the round", "user", gamer.game.write.join([5n]));
  await measure("Game", "join", "more entries", "user", gamer.game.write.join([5n]));
  await send(owner.usdt.write.transfer([a(2), parseUnits("100", 6)]));
  await send(u(2).usdt.write.approve([p.game.address, parseUnits("100", 6)]));
  await send(u(2).game.write.deposit([p.usdt.address, parseUnits("100", 6)]));
  await measure("Game", "setAutoJoin", "on", "user", u(2).game.write.setAutoJoin([true, 3n]));
  await measure("Game", "processAutoJoins", "one player joined", "anyone", owner.game.write.processAutoJoins([0n, 10n]));
  await measure("Game", "setNickname", "", "user", gamer.game.write.setNickname(["player-one"]));
  await increase(3600);
  const requested = await measure(
    "Game",
    "requestDraw",
    "asks the VRF coordinator for the word",
    "anyone",
    gamer.game.write.requestDraw([1n]),
  );
  const requestId = (await p.game.read.getRound([1n])).requestId;
  if (requested.status !== "success" || requestId === 0n) throw new Error("the draw request failed");
  // The callback alone (what the consumer's callback gas limit must cover), sent as the
  // coordinator in a snapshot that is then undone; then the whole fulfilment through the mock.
  const snapshot = await hre.network.provider.send("evm_snapshot", []);
  const coordinator = p.vrf.coordinator;
  await hre.network.provider.send("hardhat_impersonateAccount", [coordinator]);
  await hre.network.provider.send("hardhat_setBalance", [coordinator, "0x56BC75E2D63100000"]);
  const asCoordinator = connect(p.vrf.consumer, await hre.viem.getWalletClient(coordinator), pc);
  await measure(
    "LotteryRandomness",
    "rawFulfillRandomWords",
    `the VRF callback: Game draws the winner (limit ${p.config.vrf.callbackGasLimit.toLocaleString("en-US")}, 21,000 of this is the transaction's)`,
    "operator",
    asCoordinator.write.rawFulfillRandomWords([requestId, [12345n]]),
  );
  await hre.network.provider.send("evm_revert", [snapshot]);
  const fulfilled = await fulfilThroughMock(pc, p.vrf, requestId);
  measurements.push({
    contract: "VRFCoordinatorV2_5Mock",
    fn: "fulfillRandomWords",
    note: "local chain only: the keeper delivers the word (Chainlink's node does elsewhere)",
    caller: "operator",
    gas: fulfilled.gasUsed,
  });
  if ((await p.game.read.roundState([1n])) !== 3) throw new Error("the VRF word did not draw round 1");

  // Round 2 is asked for its word, which never comes: a day later it is cancelled and refunded.
  const start2 = (await pc.getBlock()).timestamp;
  await send(owner.game.write.startRound([start2, start2 + 60n, parseUnits("1", 6)]));
  await send(gamer.game.write.join([2n]));
  await send(u(2).game.write.join([1n]));
  await increase(60);
  await send(gamer.game.write.requestDraw([2n]));
  await increase(86_400 + 1);
  await measure(
    "Game",
    "cancelRound",
    "a day after the draw request without the word",
    "anyone",
    gamer.game.write.cancelRound([2n]),
  );
  await measure("Game", "refund", "", "user", gamer.game.write.refund([2n]));
  await measure("Game", "refundPlayers", "one player left to refund", "anyone", owner.game.write.refundPlayers([2n, 0n, 10n]));

  // The server's invitation binder: one bindInviterFor per registration, or a batch of them.
  // Inviters already in the tree with invitees already (a live shop's registrations), accounts
  // no wallet holds (the operator binds on their behalf).
  const fresh = (n: number, salt: number) =>
    Array.from({ length: n }, (_, i) => getAddress(toHex(BigInt(salt) * 1_000_000n + BigInt(i) + 1n, { size: 20 })));
  const inviters = fresh(50, 1);
  await send(owner.dao.write.bindInvitersFor([inviters, inviters.map(() => a(0))]));
  await send(owner.dao.write.bindInvitersFor([fresh(50, 2), inviters]));
  const [single] = fresh(1, 3) as [`0x${string}`];
  await measure("DAO", "bindInviterFor", "one registration", "operator", owner.dao.write.bindInviterFor([single, inviters[0]!]));
  for (const [n, salt] of [
    [1, 4],
    [10, 5],
    [50, 6],
  ] as const)
    await measure(
      "DAO",
      "bindInvitersFor",
      `${n} registration${n > 1 ? "s" : ""} in one batch`,
      "operator",
      owner.dao.write.bindInvitersFor([fresh(n, salt), inviters.slice(0, n)]),
    );

  return { protocol: p, measurements };
}
