import type { FastifyBaseLogger } from "fastify";
import { createWalletClient, http, type Hex, type PrivateKeyAccount, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { gameAbi } from "../../src/generated/abis";
import { lotteryCommitment, lotterySeed } from "../../domain/lottery-seed";
import type { AppConfig } from "../config";
import { chainContractsReader, chainOf, createChainClient, operatorAccount } from "../lib/chain";
import { type Job, runEvery } from "./run-every";

/** Round states of Game.roundState. */
const NOT_START = 0;
const JOINING = 1;
const DRAWING_WINNER = 2;
/** Block hashes older than this are gone (EVM BLOCKHASH window). */
const BLOCKHASH_WINDOW = 256n;

export type KeeperAction =
  "idle" | "started" | "auto-joined" | "draw-requested" | "waiting-draw-block" | "drawn" | "cancelled" | "cannot-reveal";

export interface LotteryKeeperOptions {
  client: PublicClient;
  account: PrivateKeyAccount;
  /** The Game contract, re-read every pass (a redeploy on the local chain moves it). */
  game: () => `0x${string}` | null;
  secret: string;
  roundSeconds: number;
  ticketPrice: bigint;
  /** Local chain only: blocks come only with transactions, so the keeper mines the draw block itself. */
  mineBlocks: boolean;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
}

/**
 * One pass of the lottery keeper: takes the current round one step along Not Start → Joining →
 * Drawing Winner → drawn (docs/contracts.md, "Randomness and trust"), then starts the next one.
 * Every step is decided from the chain's state alone, so a pass can crash or repeat anywhere:
 * the next pass just takes the step that is still due. Answers what it did.
 */
export async function runLotteryKeeperPass(o: LotteryKeeperOptions): Promise<{ action: KeeperAction; round: bigint }> {
  const game = o.game();
  if (!game) return { action: "idle", round: 0n };
  const { client } = o;
  const wallet = createWalletClient({ account: o.account, chain: client.chain, transport: http(client.transport.url) });
  const read = <T>(functionName: string, args: unknown[] = []) =>
    client.readContract({ address: game, abi: gameAbi, functionName, args } as never) as Promise<T>;
  const send = async (functionName: string, args: unknown[]) => {
    const hash = await wallet.writeContract({ address: game, abi: gameAbi, functionName, args } as never);
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${functionName} reverted in ${hash}`);
    return hash;
  };

  const id = await read<bigint>("currentRoundId");
  const round =
    id === 0n ? null : await read<{ state: number; totalEntries: bigint; drawBlock: bigint; commitment: Hex }>("getRound", [id]);

  if (!round || round.state > DRAWING_WINNER) {
    const next = id + 1n;
    const now = (await client.getBlock()).timestamp;
    await send("startRound", [lotteryCommitment(o.secret, next), now, now + BigInt(o.roundSeconds), o.ticketPrice]);
    o.log.info({ round: Number(next) }, "lottery round started");
    return { action: "started", round: next };
  }
  if (round.state === NOT_START) return { action: "idle", round: id };
  if (round.state === JOINING) {
    // Auto Join skips players already in the round, so one call per round is enough and a
    // repeated one costs gas only.
    const joiners = await read<readonly `0x${string}`[]>("autoJoiners");
    const pending: boolean[] = await Promise.all(joiners.map(async (p) => (await read<bigint>("entriesOf", [id, p])) === 0n));
    if (!pending.some(Boolean)) return { action: "idle", round: id };
    const [token] = await read<readonly [`0x${string}`, bigint]>("lotteryTerms");
    const [balances, price] = await Promise.all([
      Promise.all(joiners.map((p) => read<bigint>("balanceOf", [p, token]))),
      read<{ ticketPrice: bigint }>("getRound", [id]).then((r) => r.ticketPrice),
    ]);
    const entries = await Promise.all(
      joiners.map(async (p) => (await read<{ autoJoinEntries: bigint }>("getPlayerInfo", [p])).autoJoinEntries),
    );
    // Only when someone can actually join: otherwise every pass would pay for a no-op.
    if (!joiners.some((_, i) => pending[i] && balances[i]! >= entries[i]! * price)) return { action: "idle", round: id };
    await send("processAutoJoins", [0n, BigInt(joiners.length)]);
    return { action: "auto-joined", round: id };
  }

  // Drawing Winner.
  if (round.totalEntries === 0n) {
    await send("cancelRound", [id]);
    o.log.info({ round: Number(id) }, "lottery round ended without entries: cancelled");
    return { action: "cancelled", round: id };
  }
  if (round.drawBlock === 0n) {
    await send("requestDraw", [id]);
    return { action: "draw-requested", round: id };
  }
  const head = await client.getBlockNumber();
  if (head > round.drawBlock + BLOCKHASH_WINDOW) {
    await send("cancelRound", [id]);
    o.log.warn({ round: Number(id) }, "lottery draw block hash expired: round cancelled, players may refund");
    return { action: "cancelled", round: id };
  }
  // drawWinner must be mined after the draw block, i.e. in a block above it.
  if (head < round.drawBlock) {
    if (o.mineBlocks) await client.request({ method: "evm_mine" as never, params: [] as never });
    return { action: "waiting-draw-block", round: id };
  }
  const seed = lotterySeed(o.secret, id);
  if (lotteryCommitment(o.secret, id) !== round.commitment) {
    // Started by another operator or under another secret: only a cancel after the timeout helps.
    o.log.error({ round: Number(id) }, "lottery round committed to a seed this keeper's secret does not give");
    return { action: "cannot-reveal", round: id };
  }
  await send("drawWinner", [id, seed]);
  o.log.info({ round: Number(id) }, "lottery round drawn");
  return { action: "drawn", round: id };
}

/**
 * Starts the keeper when a chain, an operator key and a secret are configured. Passes never
 * overlap; a failed pass is logged and retried next interval.
 */
export function startLotteryKeeper(config: AppConfig, log: FastifyBaseLogger): Job | null {
  const account = config.lotteryOperatorPrivateKey
    ? privateKeyToAccount(config.lotteryOperatorPrivateKey)
    : operatorAccount(config);
  if (config.lotteryKeeperIntervalMs === 0 || !account || !config.lotterySecret) {
    log.info("lottery keeper off (LOTTERY_KEEPER_INTERVAL_MS=0, or no operator key or LOTTERY_SECRET)");
    return null;
  }
  const contracts = chainContractsReader(config.deploymentsFile, config.chainId);
  const game = () => contracts()?.game ?? null;
  const options: LotteryKeeperOptions = {
    client: createChainClient(config),
    account,
    game,
    secret: config.lotterySecret,
    roundSeconds: config.lotteryRoundSeconds,
    ticketPrice: config.lotteryTicketPrice,
    mineBlocks: chainOf(config).id === 31337,
    log: log.child({ job: "lottery-keeper" }),
  };
  return runEvery(
    config.lotteryKeeperIntervalMs,
    () => runLotteryKeeperPass(options),
    (err) => options.log.warn({ err }, "lottery keeper pass failed"),
  );
}
