import type { FastifyBaseLogger } from "fastify";
import { createWalletClient, http, type LocalAccount, type PublicClient } from "viem";
import { VRF_MOCK_FULFIL_OVERHEAD_GAS } from "../../domain/lottery-local";
import { USDT_DECIMALS } from "../../domain/money";
import { gameAbi, lotteryRandomnessAbi, vrfCoordinatorV2_5MockAbi } from "../../generated/abis";
import type { AppConfig } from "../config";
import { recordDrawInTrx } from "../modules/lottery/lottery-draw.service";
import { chainContractsReader, chainOf, createChainClient, type ChainContracts } from "../lib/chain";
import type { JobObserver } from "../lib/job-observer";
import { type JobRunner, runLeased } from "./lease/run-leased";
import { confirmLease, withLease } from "./lease/with-lease";
import type { Job } from "./run-every";

/** Round states of Game.roundState. */
const NOT_START = 0;
const JOINING = 1;
const DRAWING_WINNER = 2;
const DRAWN = 3;
const CANCELLED = 4;
/** Players refunded per refundPlayers transaction. */
const REFUND_BATCH = 200n;
const LOCAL_CHAIN_ID = 31337;

export type KeeperAction =
  "idle" | "started" | "auto-joined" | "draw-requested" | "waiting-randomness" | "drawn" | "cancelled" | "refunded";

/** The local chain's VRF coordinator mock and the lottery's consumer, through which the keeper fulfils draws. */
export interface LocalVrf {
  coordinator: `0x${string}`;
  consumer: `0x${string}`;
}

export interface LotteryKeeperOptions {
  client: PublicClient;
  account: LocalAccount;
  /** The Game contract, re-read every pass (a redeploy on the local chain moves it). */
  game: () => `0x${string}` | null;
  /**
   * On chain 31337 only: the coordinator mock the keeper fulfils draw requests through. Null
   * anywhere else, where Chainlink's node fulfils them and the keeper never does.
   */
  localVrf: () => LocalVrf | null;
  roundSeconds: number;
  ticketPrice: bigint;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /**
   * Awaited right before each transaction is sent: throws when this process no longer holds the
   * job (its lease, confirmed with a fresh database check). Absent: sends unchecked (tests).
   */
  beforeSend?: () => Promise<void>;
  /** Called with each drawn round the keeper draws or finds drawn (possibly more than once): pushes the draw to open pages. */
  onDrawn?: (game: `0x${string}`, round: bigint) => Promise<void>;
  /** Told after each pass how long the round's randomness request has waited (the app's metrics). */
  observer?: Pick<JobObserver, "lotteryVrfWait">;
}

interface Round {
  state: number;
  endTime: bigint;
  jackpot: bigint;
  players: bigint;
  totalEntries: bigint;
  requestId: bigint;
  requestedAt: bigint;
}

/**
 * One pass of the lottery keeper: takes the current round one step along Not Start → Joining →
 * Drawing Winner → drawn (docs/contracts.md, "Randomness and trust"), then starts the next one.
 * The draw is Chainlink VRF's: the keeper asks for the word (anyone could) and, on the local chain
 * only, delivers it through the coordinator mock. A round whose word does not come within the
 * draw timeout is cancelled and every entry refunded. Every step is decided from the chain's
 * state alone, so a pass can crash or repeat anywhere: the next pass just takes the step that is
 * still due. Answers what it did.
 */
export async function runLotteryKeeperPass(o: LotteryKeeperOptions): Promise<{ action: KeeperAction; round: bigint }> {
  const wait: VrfWait = { seconds: null };
  const result = await keeperStep(o, wait);
  // Only a request still open after the pass is waiting: drawn, cancelled or not asked yet is none.
  const open = result.action === "draw-requested" || result.action === "waiting-randomness";
  o.observer?.lotteryVrfWait?.(open ? wait.seconds : null);
  return result;
}

/** How long the current round's randomness request has waited, in seconds of chain time, as a pass finds it. */
interface VrfWait {
  seconds: number | null;
}

/** The step of runLotteryKeeperPass, noting the request's wait in `wait` when the round is drawing. */
async function keeperStep(o: LotteryKeeperOptions, wait: VrfWait): Promise<{ action: KeeperAction; round: bigint }> {
  const game = o.game();
  if (!game) return { action: "idle", round: 0n };
  const { client } = o;
  const wallet = createWalletClient({ account: o.account, chain: client.chain, transport: http(client.transport.url) });
  const read = <T>(functionName: string, args: unknown[] = []) =>
    client.readContract({ address: game, abi: gameAbi, functionName, args } as never) as Promise<T>;
  const send = async (functionName: string, args: unknown[]) => {
    await o.beforeSend?.();
    const hash = await wallet.writeContract({ address: game, abi: gameAbi, functionName, args } as never);
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${functionName} reverted in ${hash}`);
    return hash;
  };

  const id = await read<bigint>("currentRoundId");
  const round = id === 0n ? null : await read<Round>("getRound", [id]);

  if (round?.state === CANCELLED && round.jackpot > 0n) {
    // Entries still held by a cancelled round: give every one back (refunded players are skipped).
    for (let from = 0n; from < round.players; from += REFUND_BATCH) await send("refundPlayers", [id, from, REFUND_BATCH]);
    o.log.info({ round: Number(id) }, "lottery round cancelled: every entry refunded");
    return { action: "refunded", round: id };
  }
  if (!round || round.state > DRAWING_WINNER) {
    if (round?.state === DRAWN) await o.onDrawn?.(game, id);
    const next = id + 1n;
    const now = (await client.getBlock()).timestamp;
    await send("startRound", [now, now + BigInt(o.roundSeconds), o.ticketPrice]);
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
  const [now, timeout] = await Promise.all([client.getBlock().then((b) => b.timestamp), read<bigint>("DRAW_TIMEOUT")]);
  const waitingSince = round.requestId === 0n ? round.endTime : round.requestedAt;
  wait.seconds = round.requestId === 0n ? 0 : Math.max(0, Number(now - round.requestedAt));
  if (now > waitingSince + timeout) {
    await send("cancelRound", [id]);
    o.log.warn(
      { round: Number(id), requestId: round.requestId.toString() },
      "lottery draw not fulfilled within the timeout: round cancelled, entries are refunded",
    );
    return { action: "cancelled", round: id };
  }
  if (round.requestId === 0n) {
    await send("requestDraw", [id]);
    o.log.info({ round: Number(id) }, "lottery draw requested from VRF");
    return { action: "draw-requested", round: id };
  }
  const vrf = client.chain?.id === LOCAL_CHAIN_ID ? o.localVrf() : null;
  if (!vrf) return { action: "waiting-randomness", round: id };
  return fulfilLocally(o, wallet, vrf, game, id, round.requestId);
}

/**
 * Local chain only: delivers the word of `requestId` through the coordinator mock, with the
 * callback's whole gas limit (domain/lottery-local.ts says why not an estimate), and checks that
 * the round was drawn by it.
 */
async function fulfilLocally(
  o: LotteryKeeperOptions,
  wallet: ReturnType<typeof createWalletClient>,
  vrf: LocalVrf,
  game: `0x${string}`,
  id: bigint,
  requestId: bigint,
): Promise<{ action: KeeperAction; round: bigint }> {
  const { client } = o;
  const terms = await client.readContract({ address: vrf.consumer, abi: lotteryRandomnessAbi, functionName: "terms" });
  await o.beforeSend?.();
  const hash = await wallet.writeContract({
    account: o.account,
    chain: client.chain,
    address: vrf.coordinator,
    abi: vrfCoordinatorV2_5MockAbi,
    functionName: "fulfillRandomWords",
    args: [requestId, vrf.consumer],
    gas: BigInt(terms.callbackGasLimit) + VRF_MOCK_FULFIL_OVERHEAD_GAS,
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`fulfillRandomWords reverted in ${hash}`);
  const state = await client.readContract({ address: game, abi: gameAbi, functionName: "roundState", args: [id] });
  if (state !== DRAWN) {
    // The word was refused or the callback ran out of gas: the request is spent, so the round
    // waits for the draw timeout and is then cancelled and refunded.
    o.log.error({ round: Number(id), requestId: requestId.toString(), hash }, "lottery VRF fulfilment did not draw the round");
    return { action: "waiting-randomness", round: id };
  }
  o.log.info({ round: Number(id), requestId: requestId.toString(), hash }, "lottery round drawn with the VRF word");
  await o.onDrawn?.(game, id);
  return { action: "drawn", round: id };
}

/**
 * The coordinator mock and consumer of the deployments file, on chain 31337 only: anywhere else
 * the keeper gets null and never fulfils (Chainlink's node does).
 */
export function localVrfOf(chainId: number, contracts: () => ChainContracts | null): () => LocalVrf | null {
  if (chainId !== LOCAL_CHAIN_ID) return () => null;
  return () => {
    const named = contracts()?.deployments.contracts;
    return named?.vrfCoordinator && named.lotteryRandomness
      ? { coordinator: named.vrfCoordinator, consumer: named.lotteryRandomness }
      : null;
  };
}

/**
 * The price of an entry in the lottery token's base units: the configured one, else one whole
 * USDT in the decimals the deploy read from the token (10^6 locally, 10^18 on BSC; 6 for a
 * deployments file from before they were recorded, which is the local stand-in's).
 */
export function lotteryTicketPrice(configured: bigint | null, usdtDecimals: number | undefined): bigint {
  return configured ?? 10n ** BigInt(usdtDecimals ?? USDT_DECIMALS);
}

/**
 * Starts the keeper with its own key (`account`, the Game's OPERATOR_ROLE holder; never the
 * payout wallet's). Off chain 31337 a keeper left on without its key refuses the start
 * (server/lib/signers), so null here means it was turned off. Passes never overlap; a failed
 * pass is logged and retried next interval.
 */
export function startLotteryKeeper(
  config: AppConfig,
  account: LocalAccount | null,
  runner: JobRunner,
  log: FastifyBaseLogger,
): Job | null {
  if (config.lotteryKeeperIntervalMs === 0 || !account) {
    log.info("lottery keeper off (LOTTERY_KEEPER_INTERVAL_MS=0, or no lottery keeper key)");
    return null;
  }
  const contracts = chainContractsReader(config.deploymentsFile, config.chainId);
  const options: Omit<LotteryKeeperOptions, "ticketPrice"> = {
    client: createChainClient(config),
    account,
    game: () => contracts()?.game ?? null,
    localVrf: localVrfOf(chainOf(config).id, contracts),
    roundSeconds: config.lotteryRoundSeconds,
    log: log.child({ job: "lottery-keeper" }),
  };
  const ticketPrice = () => lotteryTicketPrice(config.lotteryTicketPrice, contracts()?.deployments.usdtDecimals);
  return runLeased(
    runner.leases,
    "lottery-keeper",
    config.lotteryKeeperIntervalMs,
    (lease) =>
      runLotteryKeeperPass({
        ...options,
        observer: runner.observer,
        ticketPrice: ticketPrice(),
        beforeSend: () => confirmLease(lease),
        onDrawn: (game, round) => withLease(lease, (trx) => recordDrawInTrx(trx, game, round, Date.now())).then(() => undefined),
      }),
    { log: options.log, failure: "lottery keeper pass failed", failureLevel: "warn", observer: runner.observer },
  );
}
