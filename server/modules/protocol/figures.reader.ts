import {
  BaseError,
  type ContractFunctionParameters,
  type ContractFunctionReturnType,
  ContractFunctionRevertedError,
  type PublicClient,
  erc20Abi,
  zeroAddress,
} from "viem";
import {
  DASHBOARD_FIGURES,
  type BondFigures,
  type LotteryFigures,
  type ProtocolFigures,
  type StakeFigures,
} from "../../../domain/api/protocol-figures";
import { frontAbi, gameAbi, spexAbi, uniswapV2TwapOracleAbi } from "../../../generated/abis";

type RoundStruct = ContractFunctionReturnType<typeof gameAbi, "view", "getRound">;

/** The contracts whose public figures are read; a missing one leaves its part null. */
export interface FigureContracts {
  front?: `0x${string}`;
  spex?: `0x${string}`;
  game?: `0x${string}`;
}

const ETH_BOND = 0;
const LP_BOND = 1;
const ONE_ETH = 10n ** 18n;
// Front's price reads revert with the oracle's errors: decode them by name.
const frontWithOracleErrors = [...frontAbi, ...uniswapV2TwapOracleAbi.filter((item) => item.type === "error")];

type Outcome = { status: "success"; result: unknown } | { status: "failure"; error: Error };
const s = (v: unknown) => (v as bigint).toString();

/**
 * Every public figure the protocol pages show, read at `blockNumber` in one multicall (viem's
 * `multicall`, deployless: the Multicall3 bytecode goes with the eth_call, so no chain needs it
 * deployed). A read that reverts leaves its part null, except the bonds' average price and prices,
 * which refuse for minutes at a time and are null with the refusal's name.
 */
export async function readProtocolFigures(
  client: PublicClient,
  contracts: FigureContracts,
  blockNumber: bigint,
): Promise<ProtocolFigures> {
  const { front, spex, game } = contracts;
  const calls = [
    front && { key: "dashboard", address: front, abi: frontAbi, functionName: "getDashboard" },
    spex && { key: "epoch", address: spex, abi: spexAbi, functionName: "epoch" },
    spex && { key: "nextRebase", address: spex, abi: spexAbi, functionName: "getNextRebase" },
    spex && { key: "denominator", address: spex, abi: spexAbi, functionName: "RATE_DENOMINATOR" },
    spex && { key: "totalStaked", address: spex, abi: spexAbi, functionName: "totalStakedPrincipal" },
    front && { key: "marketPrice", address: front, abi: frontWithOracleErrors, functionName: "getPexUSDBPrice" },
    front && { key: "averagePrice", address: front, abi: frontWithOracleErrors, functionName: "getPexUSDBAveragePrice" },
    front && { key: "ethTerms", address: front, abi: frontAbi, functionName: "bondTerms", args: [ETH_BOND] },
    front && { key: "lpTerms", address: front, abi: frontAbi, functionName: "bondTerms", args: [LP_BOND] },
    front && {
      key: "ethPreview",
      address: front,
      abi: frontWithOracleErrors,
      functionName: "previewBond",
      args: [ETH_BOND, ONE_ETH],
    },
    front && {
      key: "lpPreview",
      address: front,
      abi: frontWithOracleErrors,
      functionName: "previewBond",
      args: [LP_BOND, ONE_ETH],
    },
    game && { key: "roundId", address: game, abi: gameAbi, functionName: "currentRoundId" },
    game && { key: "terms", address: game, abi: gameAbi, functionName: "lotteryTerms" },
  ].filter((c) => !!c);
  const [block, results] = await Promise.all([
    client.getBlock({ blockNumber }),
    calls.length === 0
      ? Promise.resolve([] as Outcome[])
      : // A batch of thirteen reads over four ABIs is too wide for viem's per-call types; the
        // results are checked by the reply's schema and the Hardhat test instead.
        (client.multicall({
          contracts: calls as unknown as readonly ContractFunctionParameters[],
          blockNumber,
          allowFailure: true,
          deployless: true,
        }) as Promise<Outcome[]>),
  ]);
  const read = Object.fromEntries(calls.map((c, i) => [c.key, results[i]!])) as Record<string, Outcome | undefined>;
  const lottery = await lotteryOf(client, game, read, blockNumber);
  return {
    block: { number: block.number.toString(), timestamp: block.timestamp.toString() },
    dashboard: dashboardOf(read.dashboard),
    stake: stakeOf(read),
    bonds: bondsOf(read),
    lottery,
  };
}

const ok = (o: Outcome | undefined) => (o?.status === "success" ? o.result : undefined);

function dashboardOf(o: Outcome | undefined): ProtocolFigures["dashboard"] {
  const d = ok(o) as Record<string, bigint> | undefined;
  return d ? (Object.fromEntries(DASHBOARD_FIGURES.map((f) => [f, s(d[f])])) as ProtocolFigures["dashboard"]) : null;
}

function stakeOf(read: Record<string, Outcome | undefined>): StakeFigures | null {
  const epoch = ok(read.epoch) as readonly bigint[] | undefined;
  const [nextRebase, denominator, totalStaked] = [ok(read.nextRebase), ok(read.denominator), ok(read.totalStaked)];
  if (!epoch || nextRebase === undefined || denominator === undefined || totalStaked === undefined) return null;
  return {
    epochNumber: s(epoch[0]),
    epochEnd: s(epoch[1]),
    epochLength: s(epoch[2]),
    rewardRate: s(epoch[3]),
    nextRebase: s(nextRebase),
    denominator: s(denominator),
    totalStaked: s(totalStaked),
  };
}

function bondsOf(read: Record<string, Outcome | undefined>): BondFigures | null {
  const marketPrice = ok(read.marketPrice);
  const [ethTerms, lpTerms] = [ok(read.ethTerms), ok(read.lpTerms)] as (readonly bigint[] | undefined)[];
  if (marketPrice === undefined || !ethTerms || !lpTerms) return null;
  const average = ok(read.averagePrice);
  const kind = (terms: readonly bigint[], preview: Outcome | undefined) => {
    const price = ok(preview) as readonly bigint[] | undefined;
    return { rateBps: s(terms[0]), vesting: s(terms[1]), capacity: s(terms[2]), bondPrice: price ? s(price[1]) : null };
  };
  return {
    marketPrice: s(marketPrice),
    averagePrice: average === undefined ? null : s(average),
    averageRefusal: average === undefined ? revertName(read.averagePrice) : null,
    eth: kind(ethTerms, read.ethPreview),
    lp: kind(lpTerms, read.lpPreview),
  };
}

/** The round and the token need the first reading's answers: a second multicall at the same block. */
async function lotteryOf(
  client: PublicClient,
  game: `0x${string}` | undefined,
  read: Record<string, Outcome | undefined>,
  blockNumber: bigint,
): Promise<LotteryFigures | null> {
  const roundId = ok(read.roundId) as bigint | undefined;
  const terms = ok(read.terms) as readonly [`0x${string}`, bigint] | undefined;
  if (!game || roundId === undefined || !terms) return null;
  const token = terms[0];
  const [symbol, decimals, round] = (await client.multicall({
    contracts: [
      { address: token, abi: erc20Abi, functionName: "symbol" },
      { address: token, abi: erc20Abi, functionName: "decimals" },
      // Before the first round there is none to read (id 0 reverts): the symbol stands in.
      roundId === 0n
        ? { address: token, abi: erc20Abi, functionName: "symbol" }
        : { address: game, abi: gameAbi, functionName: "getRound", args: [roundId] },
    ] as unknown as readonly ContractFunctionParameters[],
    blockNumber,
    allowFailure: true,
    deployless: true,
  })) as Outcome[];
  const name = ok(symbol);
  const places = ok(decimals);
  const base = {
    roundId: s(roundId),
    token,
    tokenSymbol: typeof name === "string" ? name.slice(0, 32) : null,
    tokenDecimals: typeof places === "number" && places <= 36 ? places : null,
    feeBps: s(terms[1]),
  };
  const r = roundId === 0n ? undefined : (ok(round) as RoundStruct | undefined);
  if (!r) return { ...base, round: null };
  return {
    ...base,
    round: {
      id: s(r.id),
      state: Number(r.state),
      token: r.token,
      ticketPrice: s(r.ticketPrice),
      startTime: s(r.startTime),
      endTime: s(r.endTime),
      jackpot: s(r.jackpot),
      players: s(r.players),
      totalEntries: s(r.totalEntries),
      requestId: s(r.requestId),
      requestedAt: s(r.requestedAt),
      winner: r.winner ?? zeroAddress,
      winningNumber: s(r.winningNumber),
      randomness: s(r.randomness),
      prize: s(r.prize),
      feeBps: s(r.feeBps),
    },
  };
}

/** The custom error a failed read reverted with ("UniswapV2TwapOracleStale"), or "reverted". */
function revertName(o: Outcome | undefined): string | null {
  if (o?.status !== "failure") return null;
  const revert = o.error instanceof BaseError ? o.error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
  return (revert instanceof ContractFunctionRevertedError && revert.data?.errorName) || "reverted";
}
