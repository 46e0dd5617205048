import { describe, expect, it } from "vitest";
import { decodeErrorResult, encodeAbiParameters, hexToBigInt, keccak256, parseUnits, zeroAddress, type Address, type Hex } from "viem";
import { mine, takeSnapshot } from "@nomicfoundation/hardhat-toolbox-viem/network-helpers";
import type { Typed } from "../../../scripts/protocol/contracts";
import { fulfilThroughMock } from "../../../scripts/protocol/vrf";
import { advance, eventOf, eventsOf, hre, now, revertsWith, world, type World } from "../support/fixture";

const USDT = (n: string) => parseUnits(n, 6);
const State = { NotStart: 0, Joining: 1, DrawingWinner: 2, Drawn: 3, Cancelled: 4 } as const;
const DRAW_TIMEOUT = 86_400;

/** Gives `wallet` USDT and deposits it into its game balance. */
async function fund(w: World, wallet: World["alice"], amount: bigint) {
  await w.send(w.usdt.write.transfer([wallet.account.address, amount]));
  await w.send(w.of(wallet).usdt.write.approve([w.game.address, amount]));
  await w.send(w.of(wallet).game.write.deposit([w.usdt.address, amount]));
}

/** Starts the next round now for `duration` seconds at 1 USDT per entry; answers its end. */
async function start(w: World, duration = 3600n) {
  const t = await now(w);
  await w.send(w.game.write.startRound([t, t + duration, USDT("1")]));
  return t + duration;
}

/** The word the local coordinator mock delivers for `requestId`: keccak256(abi.encode(requestId, 0)). */
const mockWord = (requestId: bigint) =>
  hexToBigInt(keccak256(encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [requestId, 0n])));

/** The coordinator delivers `word` (its own one when omitted) for `requestId`, with the callback's full gas. */
async function fulfil(w: World, requestId: bigint, word?: bigint) {
  if (word === undefined) return fulfilThroughMock(w.publicClient, w.vrf, requestId);
  return w.send(w.vrf.mock!.write.fulfillRandomWordsWithOverride([requestId, w.vrf.consumer.address, [word]], { gas: 600_000n }));
}

/**
 * Alice (3 entries) and Bob (2 entries) play round 1 from 5 USDT each; Carol asks for the draw
 * after the end. Answers the request id.
 */
async function requestedRound(w: World): Promise<bigint> {
  await fund(w, w.alice, USDT("5"));
  await fund(w, w.bob, USDT("5"));
  await start(w);
  await w.send(w.of(w.alice).game.write.join([3n]));
  await w.send(w.of(w.bob).game.write.join([2n]));
  await advance(w, 3600);
  const requested = await w.send(w.of(w.carol).game.write.requestDraw([1n]));
  return eventOf(requested, w.game, "DrawRequested").args.requestId;
}

/** A wallet that sends as `address` (a contract, e.g. the coordinator), with gas money. */
async function impersonate(address: Address) {
  await hre.network.provider.send("hardhat_impersonateAccount", [address]);
  await hre.network.provider.send("hardhat_setBalance", [address, "0x56BC75E2D63100000"]);
  return hre.viem.getWalletClient(address);
}

/** The game balances of the players plus what the game holds for them in USDT (the liabilities). */
async function owed(w: World, players: World["alice"][]) {
  let sum = 0n;
  for (const p of players) sum += await w.game.read.balanceOf([p.account.address, w.usdt.address]);
  return sum;
}

describe("Game: recharge (server-credited)", () => {
  it("moves an allowed token in and emits Recharged(user, token, random, amount) exactly", async () => {
    const w = await world();
    await w.send(w.usdt.write.transfer([w.alice.account.address, USDT("10")]));
    const me = w.of(w.alice);
    await w.send(me.usdt.write.approve([w.game.address, USDT("10")]));
    const receipt = await w.send(me.game.write.recharge([w.usdt.address, 1234567890123n, USDT("10")]));
    expect(eventOf(receipt, w.game, "Recharged").args).toEqual({ user: w.alice.account.address, token: w.usdt.address, random: 1234567890123n, amount: USDT("10") });
    expect(await w.usdt.read.balanceOf([w.game.address])).toBe(USDT("10"));
    expect(await w.game.read.rechargedOf([w.alice.account.address, w.usdt.address])).toBe(USDT("10"));
    // Recharged tokens are not a game balance: the server credits them off-chain.
    expect(await w.game.read.balanceOf([w.alice.account.address, w.usdt.address])).toBe(0n);
  });

  it("rejects a token not allowed and a zero amount", async () => {
    const w = await world();
    await expect(w.game.write.recharge([w.pex.address, 1n, 1n])).rejects.toThrow(revertsWith("GameTokenNotAllowed"));
    await expect(w.game.write.recharge([w.usdt.address, 1n, 0n])).rejects.toThrow(revertsWith("GameZeroAmount"));
  });

  it("the owner allows tokens and sweeps only what no player is owed", async () => {
    const w = await world();
    const allowed = eventOf(await w.send(w.game.write.setAllowedToken([w.usdb.address, true])), w.game, "TokenAllowed").args;
    expect(allowed).toEqual({ token: w.usdb.address, allowed: true });
    expect(await w.game.read.isAllowedToken([w.usdb.address])).toBe(true);
    await expect(w.game.write.setAllowedToken([zeroAddress, true])).rejects.toThrow(revertsWith("GameZeroAddress"));
    await expect(w.of(w.alice).game.write.setAllowedToken([w.usdb.address, false])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));

    await w.send(w.usdt.write.approve([w.game.address, USDT("30")]));
    await w.send(w.game.write.recharge([w.usdt.address, 1n, USDT("10")]));
    await fund(w, w.alice, USDT("20"));
    expect(await w.game.read.liabilitiesOf([w.usdt.address])).toBe(USDT("20"));
    await expect(w.game.write.sweep([w.usdt.address, w.bob.account.address, USDT("11")])).rejects.toThrow(revertsWith("GameSweepExceedsFree"));
    await expect(w.game.write.sweep([w.usdt.address, zeroAddress, 1n])).rejects.toThrow(revertsWith("GameZeroAddress"));
    await expect(w.game.write.sweep([w.usdt.address, w.bob.account.address, 0n])).rejects.toThrow(revertsWith("GameZeroAmount"));
    const swept = eventOf(await w.send(w.game.write.sweep([w.usdt.address, w.bob.account.address, USDT("10")])), w.game, "Swept").args;
    expect(swept).toEqual({ token: w.usdt.address, to: w.bob.account.address, amount: USDT("10") });
    await expect(w.of(w.alice).game.write.sweep([w.usdt.address, w.bob.account.address, 1n])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
  });
});

describe("Game: game balance", () => {
  it("deposit and withdraw with events; no overdraw", async () => {
    const w = await world();
    await w.send(w.usdt.write.transfer([w.alice.account.address, USDT("5")]));
    const me = w.of(w.alice).game;
    await w.send(w.of(w.alice).usdt.write.approve([w.game.address, USDT("5")]));
    expect(eventOf(await w.send(me.write.deposit([w.usdt.address, USDT("5")])), w.game, "Deposited").args.amount).toBe(USDT("5"));
    expect(await w.game.read.balanceOf([w.alice.account.address, w.usdt.address])).toBe(USDT("5"));
    await expect(me.write.withdraw([w.usdt.address, USDT("6")])).rejects.toThrow(revertsWith("GameInsufficientBalance"));
    await expect(me.write.withdraw([w.usdt.address, 0n])).rejects.toThrow(revertsWith("GameZeroAmount"));
    await expect(me.write.deposit([w.pex.address, 1n])).rejects.toThrow(revertsWith("GameTokenNotAllowed"));
    await expect(me.write.deposit([w.usdt.address, 0n])).rejects.toThrow(revertsWith("GameZeroAmount"));
    expect(eventOf(await w.send(me.write.withdraw([w.usdt.address, USDT("5")])), w.game, "Withdrawn").args.amount).toBe(USDT("5"));
    expect(await w.usdt.read.balanceOf([w.alice.account.address])).toBe(USDT("5"));
  });
});

describe("Game: lottery", () => {
  it("runs a round Not Start → Joining → Drawing Winner → Drawn with the VRF word and pays the winner", async () => {
    const w = await world();
    await fund(w, w.alice, USDT("10"));
    await fund(w, w.bob, USDT("10"));
    const t = await now(w);
    const started = await w.send(w.game.write.startRound([t + 100n, t + 3600n, USDT("1")]));
    expect(eventOf(started, w.game, "RoundStarted").args).toEqual({ round: 1n, token: w.usdt.address, startTime: t + 100n, endTime: t + 3600n, ticketPrice: USDT("1") });
    expect(await w.game.read.roundState([1n])).toBe(State.NotStart);
    await expect(w.of(w.alice).game.write.join([1n])).rejects.toThrow(revertsWith("GameNotJoining"));

    await advance(w, 100);
    expect(await w.game.read.roundState([1n])).toBe(State.Joining);
    const joined = await w.send(w.of(w.alice).game.write.join([3n]));
    expect(eventOf(joined, w.game, "Joined").args).toEqual({ round: 1n, player: w.alice.account.address, entries: 3n, cost: USDT("3"), auto_: false });
    await w.send(w.of(w.bob).game.write.join([1n]));
    await w.send(w.of(w.alice).game.write.join([1n]));
    expect(await w.game.read.getPlayers([1n])).toEqual([[w.alice.account.address, w.bob.account.address], [4n, 1n]]);
    expect(await w.game.read.winChanceBps([1n, w.alice.account.address])).toBe(8_000n);
    expect(await w.game.read.entriesOf([1n, w.bob.account.address])).toBe(1n);
    const info = await w.game.read.getPlayerInfo([w.alice.account.address]);
    expect(info).toMatchObject({ balance: USDT("6"), entries: 4n, winChanceBps: 8_000n });
    await expect(w.game.write.requestDraw([1n])).rejects.toThrow(revertsWith("GameRoundNotEnded"));

    await advance(w, 3600);
    expect(await w.game.read.roundState([1n])).toBe(State.DrawingWinner);
    const requested = await w.send(w.of(w.carol).game.write.requestDraw([1n]));
    const { requestId } = eventOf(requested, w.game, "DrawRequested").args;
    expect(eventOf(requested, w.vrf.consumer, "RandomnessRequested").args.requestId).toBe(requestId);
    const block = await w.publicClient.getBlock({ blockNumber: requested.blockNumber });
    expect(await w.game.read.getRound([1n])).toMatchObject({ requestId, requestedAt: block.timestamp, state: State.DrawingWinner });
    expect(await w.game.read.roundOfRequest([requestId])).toBe(1n);
    await expect(w.game.write.requestDraw([1n])).rejects.toThrow(revertsWith("GameDrawAlreadyRequested"));

    const fulfilled = await fulfil(w, requestId);
    const word = mockWord(requestId);
    const number = word % 5n;
    const winner = number < 3n || number === 4n ? w.alice.account.address : w.bob.account.address;
    const fee = (USDT("5") * w.config.lotteryFeeBps) / 10_000n;
    expect(eventOf(fulfilled, w.game, "WinnerDrawn").args).toEqual({ round: 1n, winner, requestId, winningNumber: number, randomness: word, prize: USDT("5") - fee, fee });
    expect(eventOf(fulfilled, w.vrf.consumer, "RandomnessDelivered").args).toEqual({ requestId, word });
    expect(await w.game.read.roundState([1n])).toBe(State.Drawn);
    const round = await w.game.read.getRound([1n]);
    expect(round).toMatchObject({ id: 1n, winner, winningNumber: number, randomness: word, requestId, players: 2n, totalEntries: 5n, jackpot: USDT("5"), prize: USDT("5") - fee });
    expect(await owed(w, [w.alice, w.bob])).toBe(USDT("20") - fee);
    expect(await w.game.read.liabilitiesOf([w.usdt.address])).toBe(USDT("20") - fee);
    await expect(w.game.write.requestDraw([1n])).rejects.toThrow(revertsWith("GameRoundClosed"));
    await expect(w.game.write.cancelRound([1n])).rejects.toThrow(revertsWith("GameRoundClosed"));
    const history = await w.game.read.getRounds([0n, 10n]);
    expect(history.map((r) => r.id)).toEqual([1n]);
  });

  it("one round at a time, started by operators", async () => {
    const w = await world();
    await expect(w.of(w.alice).game.write.startRound([0n, 9_999_999_999n, 1n])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    const t = await now(w);
    await expect(w.game.write.startRound([t, t, 1n])).rejects.toThrow(revertsWith("GameInvalidRound"));
    await expect(w.game.write.startRound([t, t + 10n, 0n])).rejects.toThrow(revertsWith("GameInvalidRound"));
    await start(w);
    await expect(start(w)).rejects.toThrow(revertsWith("GameRoundInProgress"));
    const operator = await w.game.read.OPERATOR_ROLE();
    const op = eventOf(await w.send(w.game.write.grantRole([operator, w.alice.account.address])), w.game, "RoleGranted").args;
    expect(op).toEqual({ role: operator, account: w.alice.account.address, sender: w.owner.account.address });
    expect(await w.game.read.hasRole([operator, w.alice.account.address])).toBe(true);
    await expect(w.game.read.roundState([7n])).rejects.toThrow(revertsWith("GameUnknownRound"));
    expect(await w.game.read.currentRoundId()).toBe(1n);
  });

  it("needs a lottery token with a bounded fee, and a randomness source the owner sets between rounds", async () => {
    const w = await world();
    const bare = (await hre.viem.deployContract("Game", [w.owner.account.address])) as unknown as Typed<"gameAbi">;
    await expect(bare.write.startRound([0n, 9_999_999_999n, 1n])).rejects.toThrow(revertsWith("GameNoLotteryToken"));
    await expect(bare.write.setLotteryTerms([w.usdt.address, 0n])).rejects.toThrow(revertsWith("GameTokenNotAllowed"));
    await w.send(bare.write.setAllowedToken([w.usdt.address, true]));
    await expect(bare.write.setLotteryTerms([w.usdt.address, 2_001n])).rejects.toThrow(revertsWith("GameInvalidFee"));
    const terms = eventOf(await w.send(bare.write.setLotteryTerms([w.usdt.address, 100n])), bare, "LotteryTermsSet").args;
    expect(terms).toEqual({ token: w.usdt.address, feeBps: 100n });
    expect(await bare.read.lotteryTerms()).toEqual([w.usdt.address, 100n]);
    await expect(bare.write.startRound([0n, 9_999_999_999n, 1n])).rejects.toThrow(revertsWith("GameNoRandomnessSource"));

    expect(await w.game.read.randomnessSource()).toEqual(w.vrf.consumer.address);
    await expect(w.game.write.setRandomnessSource([zeroAddress])).rejects.toThrow(revertsWith("GameZeroAddress"));
    await expect(w.of(w.alice).game.write.setRandomnessSource([w.alice.account.address])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    // While a round is open its source cannot change: the round is drawn by the source it started with.
    await start(w);
    await expect(w.game.write.setRandomnessSource([w.alice.account.address])).rejects.toThrow(revertsWith("GameRoundInProgress"));
    await advance(w, 3600);
    await w.send(w.game.write.cancelRound([1n]));
    const set = eventOf(await w.send(w.game.write.setRandomnessSource([w.alice.account.address])), w.game, "RandomnessSourceSet").args;
    expect(set).toEqual({ source: w.alice.account.address });
  });

  it("refuses a request id of 0 or one already used, and words for requests it does not know", async () => {
    const w = await world();
    // A test-only contract (contracts/test/), so no generated ABI types: its two writes, typed here.
    const source = (await hre.viem.deployContract("RandomnessSourceMock", [])) as unknown as {
      address: Address;
      write: { setNextRequestId(args: [bigint]): Promise<Hex>; deliver(args: [Address, bigint, bigint]): Promise<Hex> };
    };
    await w.send(w.game.write.setRandomnessSource([source.address]));
    await fund(w, w.alice, USDT("2"));
    await start(w);
    await w.send(w.of(w.alice).game.write.join([1n]));
    await advance(w, 3600);
    await expect(w.game.write.requestDraw([1n])).rejects.toThrow(revertsWith("GameInvalidRequestId"));
    await w.send(source.write.setNextRequestId([7n]));
    await w.send(w.game.write.requestDraw([1n]));
    await expect(source.write.deliver([w.game.address, 8n, 1n])).rejects.toThrow(revertsWith("GameUnknownRequest"));
    await w.send(source.write.deliver([w.game.address, 7n, 1n]));
    expect(await w.game.read.roundState([1n])).toBe(State.Drawn);
    await start(w);
    await w.send(w.of(w.alice).game.write.join([1n]));
    await advance(w, 3600);
    await expect(w.game.write.requestDraw([2n])).rejects.toThrow(revertsWith("GameInvalidRequestId"));
  });

  it("joining needs entries and balance", async () => {
    const w = await world();
    await start(w);
    await expect(w.of(w.alice).game.write.join([0n])).rejects.toThrow(revertsWith("GameZeroAmount"));
    await expect(w.of(w.alice).game.write.join([1n])).rejects.toThrow(revertsWith("GameInsufficientBalance"));
  });

  it("Auto Join enters opted-in players with enough balance, once per round", async () => {
    const w = await world();
    await fund(w, w.alice, USDT("10"));
    await fund(w, w.bob, USDT("1"));
    const set = eventOf(await w.send(w.of(w.alice).game.write.setAutoJoin([true, 2n])), w.game, "AutoJoinSet").args;
    expect(set).toEqual({ player: w.alice.account.address, enabled: true, entries: 2n });
    await w.send(w.of(w.bob).game.write.setAutoJoin([true, 5n]));
    await expect(w.of(w.carol).game.write.setAutoJoin([true, 0n])).rejects.toThrow(revertsWith("GameZeroAmount"));
    expect(await w.game.read.autoJoiners()).toEqual([w.alice.account.address, w.bob.account.address]);
    await expect(w.game.write.processAutoJoins([0n, 10n])).rejects.toThrow(revertsWith("GameUnknownRound"));

    await start(w);
    const receipt = await w.send(w.of(w.carol).game.write.processAutoJoins([0n, 10n]));
    const joins = eventsOf(receipt, w.game, "Joined");
    expect(joins.map((j) => [j.args.player, j.args.entries, j.args.auto_])).toEqual([[w.alice.account.address, 2n, true]]);
    expect(eventsOf(await w.send(w.game.write.processAutoJoins([0n, 10n])), w.game, "Joined")).toHaveLength(0);
    await w.send(w.of(w.alice).game.write.setAutoJoin([false, 0n]));
    expect(await w.game.read.autoJoiners()).toEqual([w.bob.account.address]);
    expect((await w.game.read.getPlayerInfo([w.alice.account.address])).autoJoin).toBe(false);
  });

  it("nicknames up to 32 bytes", async () => {
    const w = await world();
    const set = eventOf(await w.send(w.of(w.alice).game.write.setNickname(["Alice"])), w.game, "NicknameSet").args;
    expect(set).toEqual({ player: w.alice.account.address, nickname: "Alice" });
    expect((await w.game.read.getPlayerInfo([w.alice.account.address])).nickname).toBe("Alice");
    await expect(w.game.write.setNickname(["x".repeat(33)])).rejects.toThrow(revertsWith("GameNicknameTooLong"));
  });

  it("an empty round is cancelled once ended; draws need entries", async () => {
    const w = await world();
    const end = await start(w);
    await expect(w.game.write.cancelRound([1n])).rejects.toThrow(revertsWith("GameCannotCancel"));
    await advance(w, Number(end - (await now(w))));
    await expect(w.game.write.requestDraw([1n])).rejects.toThrow(revertsWith("GameNoEntries"));
    expect(eventOf(await w.send(w.of(w.alice).game.write.cancelRound([1n])), w.game, "RoundCancelled").args.round).toBe(1n);
    expect(await w.game.read.roundState([1n])).toBe(State.Cancelled);
    await expect(w.game.write.refundPlayers([1n, 0n, 10n])).resolves.toBeDefined();
    await start(w);
    await expect(w.game.write.refundPlayers([2n, 0n, 10n])).rejects.toThrow(revertsWith("GameNotCancelled"));
  });

  it("a round no one asked to draw is cancelled a timeout after its end, and every player refunds", async () => {
    const w = await world();
    await fund(w, w.alice, USDT("3"));
    await start(w);
    await w.send(w.of(w.alice).game.write.join([3n]));
    await expect(w.of(w.alice).game.write.refund([1n])).rejects.toThrow(revertsWith("GameNotCancelled"));
    await advance(w, 3600 + DRAW_TIMEOUT - 5);
    await expect(w.game.write.cancelRound([1n])).rejects.toThrow(revertsWith("GameCannotCancel"));
    await advance(w, 10);
    await w.send(w.game.write.cancelRound([1n]));
    const refunded = eventOf(await w.send(w.of(w.alice).game.write.refund([1n])), w.game, "Refunded").args;
    expect(refunded).toEqual({ round: 1n, player: w.alice.account.address, amount: USDT("3") });
    expect(await w.game.read.balanceOf([w.alice.account.address, w.usdt.address])).toBe(USDT("3"));
    await expect(w.of(w.alice).game.write.refund([1n])).rejects.toThrow(revertsWith("GameNothingToRefund"));
    await expect(w.of(w.bob).game.write.refund([1n])).rejects.toThrow(revertsWith("GameNothingToRefund"));
    // Too late to draw now.
    await expect(w.game.write.requestDraw([1n])).rejects.toThrow(revertsWith("GameRoundClosed"));
  });
});

describe("Game: draw attacks (issue 11)", () => {
  it("the operator cannot veto a requested draw: no cancel until the timeout, then every entry comes back and a late word is refused", async () => {
    const w = await world();
    await fund(w, w.carol, USDT("4"));
    const requestId = await requestedRound(w);
    // Today's attack: withhold the reveal until the draw block's hash is gone (256 blocks), then
    // cancel. Now the operator, the owner and anyone else are refused, however many blocks pass.
    await mine(300);
    for (const wallet of [w.owner, w.alice, w.carol]) {
      await expect(w.of(wallet).game.write.cancelRound([1n])).rejects.toThrow(revertsWith("GameCannotCancel"));
    }
    const { requestedAt } = await w.game.read.getRound([1n]);
    await hre.network.provider.send("evm_setNextBlockTimestamp", [Number(requestedAt) + DRAW_TIMEOUT]);
    await expect(w.game.write.cancelRound([1n])).rejects.toThrow(revertsWith("GameCannotCancel"));
    // A day after the request without the word: anyone may cancel, and every entry is refunded.
    await advance(w, 1);
    const liabilities = await w.game.read.liabilitiesOf([w.usdt.address]);
    await w.send(w.of(w.carol).game.write.cancelRound([1n]));
    const refunds = eventsOf(await w.send(w.of(w.carol).game.write.refundPlayers([1n, 0n, 10n])), w.game, "Refunded");
    expect(refunds.map((e) => [e.args.player, e.args.amount])).toEqual([
      [w.alice.account.address, USDT("3")],
      [w.bob.account.address, USDT("2")],
    ]);
    expect(await w.game.read.balanceOf([w.alice.account.address, w.usdt.address])).toBe(USDT("5"));
    expect(await w.game.read.balanceOf([w.bob.account.address, w.usdt.address])).toBe(USDT("5"));
    expect((await w.game.read.getRound([1n])).jackpot).toBe(0n);
    expect(await w.game.read.liabilitiesOf([w.usdt.address])).toBe(liabilities);
    expect(await w.game.read.liabilitiesOf([w.usdt.address])).toBe(await owed(w, [w.alice, w.bob, w.carol]));
    expect(await w.usdt.read.balanceOf([w.game.address])).toBe(liabilities);
    expect(eventsOf(await w.send(w.game.write.refundPlayers([1n, 0n, 10n])), w.game, "Refunded")).toHaveLength(0);

    // The word arrives late: the coordinator's callback succeeds, the consumer records Game's
    // refusal, and nothing moves.
    const late = await fulfil(w, requestId);
    const refused = eventOf(late, w.vrf.consumer, "RandomnessRefused").args;
    expect(refused.requestId).toBe(requestId);
    expect(decodeErrorResult({ abi: w.game.abi, data: refused.reason })).toMatchObject({ errorName: "GameRoundClosed", args: [1n] });
    expect(eventsOf(late, w.game, "WinnerDrawn")).toHaveLength(0);
    expect(await w.game.read.roundState([1n])).toBe(State.Cancelled);
    expect(await w.game.read.liabilitiesOf([w.usdt.address])).toBe(liabilities);
  });

  it("the operator holds no secret: the coordinator's word alone picks the winner", async () => {
    const w = await world();
    // Nothing the operator sends carries a seed: startRound takes times and a price, and there is
    // no reveal to make.
    const startRound = w.game.abi.find((f) => f.type === "function" && f.name === "startRound");
    expect(startRound && "inputs" in startRound ? startRound.inputs.map((i) => i.type) : []).toEqual(["uint64", "uint64", "uint96"]);
    expect(w.game.abi.some((f) => f.type === "function" && (f.name as string) === "drawWinner")).toBe(false);
    const requestId = await requestedRound(w);
    // The operator (the owner here) cannot hand in a word of its choosing.
    await expect(w.game.write.fulfillRandomness([requestId, 0n])).rejects.toThrow(revertsWith("GameNotRandomnessSource"));
    // Two worlds that differ only in the coordinator's word: word 0 gives entry 0 (Alice's),
    // word 4 entry 4 (Bob's).
    const before = await takeSnapshot();
    await fulfil(w, requestId, 0n);
    expect((await w.game.read.getRound([1n])).winner).toEqual(w.alice.account.address);
    await before.restore();
    await fulfil(w, requestId, 4n);
    expect(await w.game.read.getRound([1n])).toMatchObject({ winner: w.bob.account.address, winningNumber: 4n, randomness: 4n });
  });

  it("only the coordinator reaches the fulfilment path, and the deployer cannot veto a requested draw by moving it", async () => {
    const w = await world();
    const requestId = await requestedRound(w);
    for (const wallet of [w.owner, w.alice]) {
      await expect(w.of(wallet).lotteryRandomness.write.rawFulfillRandomWords([requestId, [0n]])).rejects.toThrow(revertsWith("OnlyCoordinatorCanFulfill"));
      await expect(w.of(wallet).game.write.fulfillRandomness([requestId, 0n])).rejects.toThrow(revertsWith("GameNotRandomnessSource"));
    }
    // The attack: the deployer sees the coordinator's fulfilment in the mempool, dislikes the
    // word and points the consumer elsewhere first (Chainlink's migration hook), so that the
    // callback fails and the round ends in the timeout's refund. The consumer owns itself: refused.
    await expect(w.of(w.owner).lotteryRandomness.write.setCoordinator([w.owner.account.address])).rejects.toThrow(
      revertsWith("OnlyOwnerOrCoordinator"),
    );
    await expect(w.of(w.owner).lotteryRandomness.write.transferOwnership([w.owner.account.address])).rejects.toThrow(
      /Only callable by owner/,
    );
    await fulfil(w, requestId, 0n);
    expect(await w.game.read.roundState([1n])).toBe(State.Drawn);
  });

  it("a second fulfilment of the same request, or of a drawn round, is refused", async () => {
    const w = await world();
    const requestId = await requestedRound(w);
    await fulfil(w, requestId);
    const drawn = await w.game.read.getRound([1n]);
    const balances = await owed(w, [w.alice, w.bob]);
    // The coordinator forgets a fulfilled request.
    await expect(fulfil(w, requestId, 1n)).rejects.toThrow(revertsWith("InvalidRequest"));
    // Were the coordinator to answer again, the consumer passes Game's refusal on as an event.
    const coordinator = await impersonate(w.vrf.coordinator);
    const again = await w.send(w.of(coordinator).lotteryRandomness.write.rawFulfillRandomWords([requestId, [1n]]));
    expect(decodeErrorResult({ abi: w.game.abi, data: eventOf(again, w.vrf.consumer, "RandomnessRefused").args.reason }).errorName).toBe("GameRoundClosed");
    // And the source itself calling twice, or with an id no round asked for, is refused by Game.
    const source = await impersonate(w.vrf.consumer.address);
    await expect(w.of(source).game.write.fulfillRandomness([requestId, 1n])).rejects.toThrow(revertsWith("GameRoundClosed"));
    await expect(w.of(source).game.write.fulfillRandomness([requestId + 1n, 1n])).rejects.toThrow(revertsWith("GameUnknownRequest"));
    expect(await w.game.read.getRound([1n])).toEqual(drawn);
    expect(await owed(w, [w.alice, w.bob])).toBe(balances);
  });
});
