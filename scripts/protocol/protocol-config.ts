import { parseEther, parseUnits, type Address } from "viem";
import { UNISWAP_V2_FEE_BPS } from "../../domain/swap-math";
import { defaultVrfConfig, type VrfConfig } from "./vrf";

/* What a deployment of the protocol is configured with, and the local defaults (scripts/deploy.ts overrides some per chain). */

export const BondKind = { Eth: 0, Lp: 1 } as const;

/** Front's PEX-ETH time-weighted average (contracts/oracle/UniswapV2TwapOracle.sol). */
export interface TwapConfig {
  /** Least seconds between two observations: the shortest span an average covers. */
  window: number;
  /** Seconds after which an average's start is too old to apply (at least two windows). */
  maxAge: number;
  /** How far the pool's spot price may stray from the average, in basis points. */
  maxDeviationBps: number;
}

/** A local chain's average: a one-minute window, so the deploy (and the browser tests after a
 * jump of chain time) wait only a minute of chain time for a fresh average. */
export const LOCAL_TWAP: TwapConfig = { window: 60, maxAge: 600, maxDeviationBps: 1_000 };

export interface BondTermsConfig {
  rateBps: bigint;
  vesting: bigint;
  capacity: bigint;
}

export interface ProtocolConfig {
  /** Seconds per staking epoch. */
  epochLength: number;
  /** Seconds from deployment to the first rebase. */
  firstRebaseIn: number;
  /** Reward per epoch over 1,000,000. */
  rewardRate: number;
  /** Seconds a position must wait before it can claim or keep its reward. */
  warmup: number;
  /** ETH/USD with 8 decimals. */
  ethUsd: bigint;
  /** Seconds after which the feed's answer is refused. */
  maxPriceAge: number;
  twap: TwapConfig;
  pexSupply: bigint;
  usdbSupply: bigint;
  /** The test USDT's supply in its base units (with `usdtDecimals`). */
  usdtSupply: bigint;
  /** Decimals of the test USDT this deployment creates (6, as on Ethereum and Tron; BSC's has 18). */
  usdtDecimals: number;
  /** The DEX's swap fee in basis points (Uniswap V2 30, PancakeSwap V2 25); the deploy checks it against the router. */
  dexFeeBps: number;
  /** The PEX-ETH pool's first liquidity (its LP tokens go to treasury 2). */
  liquidity: { pex: bigint; eth: bigint };
  /** PEX in the PEX-USDB pool's first liquidity; the USDB side is its value at the protocol's
   * price (Front.getPexUSDBNeeded), so both pools quote PEX alike. LP tokens go to treasury 2. */
  usdbPoolPex: bigint;
  ethBond: BondTermsConfig;
  lpBond: BondTermsConfig;
  minBondPrice: bigint;
  idoDuration: number;
  lotteryFeeBps: bigint;
  directorThreshold: bigint;
  proposalDuration: bigint;
  /** Seconds a Senior Node must stay above the director threshold before it may sit in the boardroom. */
  seniorityPeriod: bigint;
  /** USDB the deployer puts into treasury 1 (reserves boardroom proposals can spend). */
  treasuryUsdb: bigint;
  /** Accounts besides the deployer that may push answers to a feed this deployment creates (the price keeper). */
  priceUpdaters?: Address[];
  /** Accounts besides the deployer granted the Game's `OPERATOR_ROLE`: they start lottery rounds (the lottery keeper). */
  gameOperators?: Address[];
  /** Accounts besides the owner granted the DAO's `BINDER_ROLE`: they bind inviters on users' behalf (the invite binder). */
  daoBinders?: Address[];
  /** Accounts besides the owner granted the DAO's `DIVIDEND_ROLE`: they distribute dividends. */
  dividendOperators?: Address[];
  /** The lottery's Chainlink VRF: without a coordinator, the local mock is deployed. */
  vrf: VrfConfig;
  /** Contracts that already exist on the target network and are used instead of deploying
   * stand-ins: the real USDT, Chainlink's aggregator of the native coin in USD (ETH/USD, BNB/USD),
   * a Uniswap V2 router or a fork's (PancakeSwap V2). */
  existing?: { usdt?: Address; nativeUsdFeed?: Address; uniswapRouter?: Address };
}

export const defaultConfig: ProtocolConfig = {
  epochLength: 8 * 3600,
  firstRebaseIn: 8 * 3600,
  rewardRate: 3_000,
  warmup: 8 * 3600,
  ethUsd: 3_000n * 10n ** 8n,
  maxPriceAge: 24 * 3600,
  twap: { window: 30 * 60, maxAge: 2 * 3600, maxDeviationBps: 1_000 },
  pexSupply: parseEther("10000000"),
  usdbSupply: parseEther("100000000"),
  usdtSupply: parseUnits("1000000000", 6),
  usdtDecimals: 6,
  dexFeeBps: UNISWAP_V2_FEE_BPS,
  liquidity: { pex: parseEther("100000"), eth: parseEther("100") },
  usdbPoolPex: parseEther("100000"),
  ethBond: { rateBps: 500n, vesting: 5n * 86400n, capacity: parseEther("1000000") },
  lpBond: { rateBps: 1_000n, vesting: 5n * 86400n, capacity: parseEther("1000000") },
  minBondPrice: parseEther("0.1"),
  idoDuration: 180 * 86400,
  lotteryFeeBps: 500n,
  directorThreshold: parseEther("10000"),
  proposalDuration: 3n * 86400n,
  seniorityPeriod: 7n * 86400n,
  treasuryUsdb: parseEther("50000"),
  vrf: defaultVrfConfig,
};
