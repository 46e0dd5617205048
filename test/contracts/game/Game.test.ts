import { describe, expect, it } from "vitest";
import { encodeAbiParameters, keccak256, parseUnits, zeroAddress, type Hex } from "viem";
import { mine } from "@nomicfoundation/hardhat-toolbox-viem/network-helpers";
import type { Typed } from "../../../scripts/protocol/contracts";
import { lotteryCommitment, lotterySeed } from "../../../scripts/protocol/seed-demo";
import { advance, eventOf, eventsOf, hre, now, revertsWith, world, type World } from "../support/fixture";

const USDT = (n: string) => parseUnits(n, 6);
const SECRET = "test-secret";
const State = { NotStart: 0, Joining: 1, DrawingWinner: 2, Drawn: 3, Cancelled: 4 } as const;

/** Gives `wallet` USDT and deposits it into its game balance. */
async function fund(w: World, wallet: World["alice"], amount: bigint) {
  await w.send(w.usdt.write.transfer([wallet.account.address, amount]));
  await w.send(w.of(wallet).usdt.write.approve([w.game.address, amount]));
  await w.send(w.of(wallet).game.write.deposit([w.usdt.address, amount]));
}

/** Starts round `round` now for `duration` seconds at 1 USDT per entry. */
async function start(w: World, round: bigint, duration = 3600n) {
  const t = await now(w);
  await w.send(w.game.write.startRound([lotteryCommitment(SECRET, round), t, t + duration, USDT("1")]));
  return t + duration;
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
    await expect(w.of(w.alice).game.write.setAllowedToken([w.usdb.address, false])).rejects.toThrow(revertsWith("OwnableUnauthorizedAccount"));

    await w.send(w.usdt.write.approve([w.game.address, USDT("30")]));
    await w.send(w.game.write.recharge([w.usdt.address, 1n, USDT("10")]));
    await fund(w, w.alice, USDT("20"));
    expect(await w.game.read.liabilitiesOf([w.usdt.address])).toBe(USDT("20"));
    await expect(w.game.write.sweep([w.usdt.address, w.bob.account.address, USDT("11")])).rejects.toThrow(revertsWith("GameSweepExceedsFree"));
    await expect(w.game.write.sweep([w.usdt.address, zeroAddress, 1n])).rejects.toThrow(revertsWith("GameZeroAddress"));
    await expect(w.game.write.sweep([w.usdt.address, w.bob.account.address, 0n])).rejects.toThrow(revertsWith("GameZeroAmount"));
    const swept = eventOf(await w.send(w.game.write.sweep([w.usdt.address, w.bob.account.address, USDT("10")])), w.game, "Swept").args;
    expect(swept).toEqual({ token: w.usdt.address, to: w.bob.account.address, amount: USDT("10") });
    await expect(w.of(w.alice).game.write.sweep([w.usdt.address, w.bob.account.address, 1n])).rejects.toThrow(revertsWith("OwnableUnauthorizedAccount"));
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
  it("runs a round Not Start → Joining → Drawing Winner → Drawn and pays the winner", async () => {
    const w = await world();
    await fund(w, w.alice, USDT("10"));
    await fund(w, w.bob, USDT("10"));
    const t = await now(w);
    const started = await w.send(w.game.write.startRound([lotteryCommitment(SECRET, 1n), t + 100n, t + 3600n, USDT("1")]));
    expect(eventOf(started, w.game, "RoundStarted").args).toMatchObject({ round: 1n, token: w.usdt.address, startTime: t + 100n, endTime: t + 3600n });
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
    await expect(w.game.write.drawWinner([1n, lotterySeed(SECRET, 1n)])).rejects.toThrow(revertsWith("GameDrawNotRequested"));
    const requested = await w.send(w.of(w.carol).game.write.requestDraw([1n]));
    const drawBlock = eventOf(requested, w.game, "DrawRequested").args.drawBlock;
    // The draw block is the one after the request: a reveal in it is too early.
    await expect(w.game.write.drawWinner([1n, lotterySeed(SECRET, 1n)])).rejects.toThrow(revertsWith("GameDrawTooEarly"));
    await expect(w.game.write.requestDraw([1n])).rejects.toThrow(revertsWith("GameDrawAlreadyRequested"));
    await mine(1);
    await expect(w.game.write.drawWinner([1n, lotterySeed(SECRET, 2n)])).rejects.toThrow(revertsWith("GameBadReveal"));
    await expect(w.of(w.alice).game.write.drawWinner([1n, lotterySeed(SECRET, 1n)])).rejects.toThrow(revertsWith("GameNotOperator"));

    const drawn = await w.send(w.game.write.drawWinner([1n, lotterySeed(SECRET, 1n)]));
    const block = await w.publicClient.getBlock({ blockNumber: drawBlock });
    const randomness = BigInt(
      keccak256(encodeAbiParameters([{ type: "bytes32" }, { type: "bytes32" }, { type: "uint256" }], [lotterySeed(SECRET, 1n), block.hash as Hex, 1n])),
    );
    const number = randomness % 5n;
    const winner = number < 3n || number === 4n ? w.alice.account.address : w.bob.account.address;
    const fee = (USDT("5") * w.config.lotteryFeeBps) / 10_000n;
    expect(eventOf(drawn, w.game, "WinnerDrawn").args).toEqual({ round: 1n, winner, winningNumber: number, randomness, prize: USDT("5") - fee, fee });
    expect(await w.game.read.roundState([1n])).toBe(State.Drawn);
    const round = await w.game.read.getRound([1n]);
    expect(round).toMatchObject({ id: 1n, winner, winningNumber: number, players: 2n, totalEntries: 5n, jackpot: USDT("5"), prize: USDT("5") - fee });
    const balances = (await w.game.read.balanceOf([w.alice.account.address, w.usdt.address])) + (await w.game.read.balanceOf([w.bob.account.address, w.usdt.address]));
    expect(balances).toBe(USDT("20") - fee);
    expect(await w.game.read.liabilitiesOf([w.usdt.address])).toBe(USDT("20") - fee);
    await expect(w.game.write.drawWinner([1n, lotterySeed(SECRET, 1n)])).rejects.toThrow(revertsWith("GameRoundClosed"));
    await expect(w.game.write.requestDraw([1n])).rejects.toThrow(revertsWith("GameRoundClosed"));
    await expect(w.game.write.cancelRound([1n])).rejects.toThrow(revertsWith("GameRoundClosed"));
    const history = await w.game.read.getRounds([0n, 10n]);
    expect(history.map((r) => r.id)).toEqual([1n]);
  });

  it("one round at a time, started by operators with a valid commitment", async () => {
    const w = await world();
    await expect(w.of(w.alice).game.write.startRound([lotteryCommitment(SECRET, 1n), 0n, 9_999_999_999n, 1n])).rejects.toThrow(revertsWith("GameNotOperator"));
    const t = await now(w);
    await expect(w.game.write.startRound([lotteryCommitment(SECRET, 1n), t, t, 1n])).rejects.toThrow(revertsWith("GameInvalidRound"));
    await expect(w.game.write.startRound([`0x${"00".repeat(32)}`, t, t + 10n, 1n])).rejects.toThrow(revertsWith("GameInvalidRound"));
    await start(w, 1n);
    await expect(start(w, 2n)).rejects.toThrow(revertsWith("GameRoundInProgress"));
    const op = eventOf(await w.send(w.game.write.setOperator([w.alice.account.address, true])), w.game, "OperatorSet").args;
    expect(op).toEqual({ account: w.alice.account.address, operator: true });
    expect(await w.game.read.isOperator([w.alice.account.address])).toBe(true);
    await expect(w.game.write.setOperator([zeroAddress, true])).rejects.toThrow(revertsWith("GameZeroAddress"));
    await expect(w.game.read.roundState([7n])).rejects.toThrow(revertsWith("GameUnknownRound"));
    expect(await w.game.read.currentRoundId()).toBe(1n);
  });

  it("needs a lottery token, with a bounded fee", async () => {
    const w = await world();
    const bare = (await hre.viem.deployContract("Game", [w.owner.account.address])) as unknown as Typed<"gameAbi">;
    await expect(bare.write.startRound([lotteryCommitment(SECRET, 1n), 0n, 9_999_999_999n, 1n])).rejects.toThrow(revertsWith("GameNoLotteryToken"));
    await expect(bare.write.setLotteryTerms([w.usdt.address, 0n])).rejects.toThrow(revertsWith("GameTokenNotAllowed"));
    await w.send(bare.write.setAllowedToken([w.usdt.address, true]));
    await expect(bare.write.setLotteryTerms([w.usdt.address, 2_001n])).rejects.toThrow(revertsWith("GameInvalidFee"));
    const terms = eventOf(await w.send(bare.write.setLotteryTerms([w.usdt.address, 100n])), bare, "LotteryTermsSet").args;
    expect(terms).toEqual({ token: w.usdt.address, feeBps: 100n });
    expect(await bare.read.lotteryTerms()).toEqual([w.usdt.address, 100n]);
  });

  it("joining needs entries and balance", async () => {
    const w = await world();
    await start(w, 1n);
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

    await start(w, 1n);
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

  it("an empty round is cancelled; draws need entries", async () => {
    const w = await world();
    const end = await start(w, 1n);
    await expect(w.game.write.cancelRound([1n])).rejects.toThrow(revertsWith("GameCannotCancel"));
    await advance(w, Number(end - (await now(w))));
    await expect(w.game.write.requestDraw([1n])).rejects.toThrow(revertsWith("GameNoEntries"));
    expect(eventOf(await w.send(w.of(w.alice).game.write.cancelRound([1n])), w.game, "RoundCancelled").args.round).toBe(1n);
    expect(await w.game.read.roundState([1n])).toBe(State.Cancelled);
    await start(w, 2n);
  });

  it("an undrawn round is cancelled after the timeout or when its block hash is gone; players get refunds", async () => {
    const w = await world();
    await fund(w, w.alice, USDT("3"));
    await start(w, 1n);
    await w.send(w.of(w.alice).game.write.join([3n]));
    await expect(w.of(w.alice).game.write.refund([1n])).rejects.toThrow(revertsWith("GameNotCancelled"));
    await advance(w, 3600);
    await w.send(w.game.write.requestDraw([1n]));
    await mine(300);
    await expect(w.game.write.drawWinner([1n, lotterySeed(SECRET, 1n)])).rejects.toThrow(revertsWith("GameDrawExpired"));
    await w.send(w.game.write.cancelRound([1n]));
    const refunded = eventOf(await w.send(w.of(w.alice).game.write.refund([1n])), w.game, "Refunded").args;
    expect(refunded).toEqual({ round: 1n, player: w.alice.account.address, amount: USDT("3") });
    expect(await w.game.read.balanceOf([w.alice.account.address, w.usdt.address])).toBe(USDT("3"));
    await expect(w.of(w.alice).game.write.refund([1n])).rejects.toThrow(revertsWith("GameNothingToRefund"));
    await expect(w.of(w.bob).game.write.refund([1n])).rejects.toThrow(revertsWith("GameNothingToRefund"));

    await fund(w, w.bob, USDT("1"));
    await start(w, 2n);
    await w.send(w.of(w.bob).game.write.join([1n]));
    await advance(w, 3600 + 86_400 + 1);
    await w.send(w.game.write.cancelRound([2n]));
    await w.send(w.of(w.bob).game.write.refund([2n]));
    expect(await w.game.read.balanceOf([w.bob.account.address, w.usdt.address])).toBe(USDT("1"));
  });
});
