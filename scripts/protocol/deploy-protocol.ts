/**
 * Deploys and wires the whole protocol: tokens, Uniswap V2 with the PEX-ETH and PEX-USDB pools,
 * the ETH/USD feed, both treasuries, staking, the bond desk, the DAO, the IDO release and the
 * game with its VRF randomness (scripts/protocol/vrf.ts). Used by scripts/deploy.ts, scripts/gas-report.ts and the contract tests' fixtures, so the
 * tests exercise exactly what is deployed. Every transaction is a named step of a journal
 * (./deploy-journal.ts): an interrupted deployment resumes where it stopped.
 */
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { getContract, type Address } from "viem";
import type { DeployedContract } from "../../domain/deployments";
import { waitForTimestamp } from "./chain-time";
import { connect, type Abis, type PublicClient, type Typed, type WalletClient } from "./contracts";
import { DeployJournal, type TxRequest } from "./deploy-journal";
import { deployStep, txOf } from "./deploy-steps";
import { attachUniswap, checkRouterFee, createPair, deployUniswap, pairAbi, routerAbi } from "./uniswap";
import { deployLotteryVrf, type LotteryVrf } from "./vrf";

export * from "../../domain/contract-roles"; // the roles, for tests that grant them beside a deployment
import { BINDER_ROLE, DIVIDEND_ROLE, MANAGER_ROLE, MINTER_ROLE, OPERATOR_ROLE, UPDATER_ROLE } from "../../domain/contract-roles";
import { BondKind, defaultConfig, type ProtocolConfig } from "./protocol-config";

export {
  BondKind,
  defaultConfig,
  LOCAL_TWAP,
  type BondTermsConfig,
  type ProtocolConfig,
  type TwapConfig,
} from "./protocol-config";

export interface Protocol {
  publicClient: PublicClient;
  deployer: WalletClient;
  config: ProtocolConfig;
  /** Block timestamp when the deployment started (its first run, when resumed). */
  deployedAt: bigint;
  /** The contracts this deployment created: artifact, constructor arguments, transaction, block. */
  deployed: Record<string, DeployedContract>;
  usdt: Typed<"testUsdtAbi">;
  usdb: Typed<"usdbAbi">;
  pex: Typed<"pexAbi">;
  spex: Typed<"spexAbi">;
  win: Typed<"winAbi">;
  win1: Typed<"win1Abi">;
  dao: Typed<"daoAbi">;
  front: Typed<"frontAbi">;
  ido: Typed<"idoAbi">;
  game: Typed<"gameAbi">;
  /** Game's randomness source, its coordinator and subscription. */
  vrf: LotteryVrf;
  treasury1: Typed<"treasuryAbi">;
  treasury2: Typed<"treasuryAbi">;
  priceFeed: Typed<"ethUsdPriceFeedAbi">;
  weth: Address;
  uniswapFactory: Address;
  uniswapRouter: Address;
  pexEthPair: Address;
  pexUsdbPair: Address;
  pairInitCodeHash: `0x${string}`;
}

/** Addresses for the deployments file: the nine contracts, USDT and what they rely on. */
export function addressesOf(p: Protocol): Record<string, Address> {
  return {
    usdt: p.usdt.address,
    game: p.game.address,
    lotteryRandomness: p.vrf.consumer.address,
    vrfCoordinator: p.vrf.coordinator,
    usdb: p.usdb.address,
    pex: p.pex.address,
    spex: p.spex.address,
    win: p.win.address,
    win1: p.win1.address,
    dao: p.dao.address,
    front: p.front.address,
    ido: p.ido.address,
    treasury1: p.treasury1.address,
    treasury2: p.treasury2.address,
    priceFeed: p.priceFeed.address,
    weth: p.weth,
    uniswapFactory: p.uniswapFactory,
    uniswapRouter: p.uniswapRouter,
    // Lower case like the other addresses (hardhat-viem reports deployments in lower case).
    pexEthPair: p.pexEthPair.toLowerCase() as Address,
    pexUsdbPair: p.pexUsdbPair.toLowerCase() as Address,
  };
}

export interface DeployOptions {
  /** The journal that makes the deployment resumable (scripts/deploy.ts keeps it in a file); else one in memory. */
  journal?: DeployJournal;
}

export async function deployProtocol(
  hre: HardhatRuntimeEnvironment,
  config: ProtocolConfig = defaultConfig,
  options: DeployOptions = {},
): Promise<Protocol> {
  const publicClient = await hre.viem.getPublicClient();
  const [deployer] = await hre.viem.getWalletClients();
  if (!deployer)
    throw new Error("no deployer account for this network (on a live network: DEPLOYER_KEYSTORE and DEPLOYER_PASSWORD_FILE)");
  const owner = deployer.account.address;
  const journal = options.journal ?? (await DeployJournal.open({ file: null, publicClient, deployer, config }));
  const clients = { publicClient, deployer };
  const contract = <K extends keyof Abis>(key: string, name: string, args: unknown[]) =>
    deployStep<K>(hre, journal, key, name, args, clients);
  const at = <K extends keyof Abis>(name: string, address: Address) =>
    hre.viem.getContractAt(name, address, { client: { wallet: deployer } }) as unknown as Promise<Typed<K>>;
  const call = (key: string, tx: TxRequest | (() => Promise<TxRequest>)) => journal.call(key, tx);
  // Kept by the journal: a resumed deployment's constructors see the first run's start.
  const deployedAt = await journal.bigint("deployedAt", async () => (await publicClient.getBlock()).timestamp);
  const deadline = async () => (await publicClient.getBlock()).timestamp + 3600n;

  const existing = config.existing ?? {};
  const usdt = existing.usdt
    ? await at<"testUsdtAbi">("TestUSDT", existing.usdt)
    : await contract<"testUsdtAbi">("usdt", "TestUSDT", [config.usdtSupply, config.usdtDecimals]);
  const usdb = await contract<"usdbAbi">("usdb", "USDB", [owner, config.usdbSupply]);
  const pex = await contract<"pexAbi">("pex", "PEX", [owner, config.pexSupply]);
  const uniswap = existing.uniswapRouter
    ? await attachUniswap(hre, publicClient, existing.uniswapRouter)
    : await deployUniswap(hre, journal, owner);
  const pexEthPair = await createPair(publicClient, journal, "pexEthPair.create", uniswap, pex.address);
  const priceFeed = existing.nativeUsdFeed
    ? await at<"ethUsdPriceFeedAbi">("EthUsdPriceFeed", existing.nativeUsdFeed)
    : await contract<"ethUsdPriceFeedAbi">("priceFeed", "EthUsdPriceFeed", [owner, 8, config.ethUsd]);
  if (!existing.nativeUsdFeed)
    for (const updater of config.priceUpdaters ?? [])
      await call(`priceFeed.grantRole.updater.${updater}`, txOf(priceFeed, "grantRole", [UPDATER_ROLE, updater]));
  const treasury1 = await contract<"treasuryAbi">("treasury1", "Treasury", [owner, "Reserves"]);
  const treasury2 = await contract<"treasuryAbi">("treasury2", "Treasury", [owner, "Protocol-owned liquidity"]);
  const win = await contract<"winAbi">("win", "WIN", [usdb.address, owner]);
  const win1 = await contract<"win1Abi">("win1", "WIN1", [usdb.address, owner]);
  const dao = await contract<"daoAbi">("dao", "DAO", [pex.address, treasury1.address, owner]);
  const spex = await contract<"spexAbi">("spex", "SPEX", [
    pex.address,
    usdb.address,
    dao.address,
    owner,
    config.epochLength,
    deployedAt + BigInt(config.firstRebaseIn),
    config.rewardRate,
  ]);
  await call("dao.setStaking", txOf(dao, "setStaking", [spex.address]));

  // The pool's first liquidity, owned by the protocol from the start.
  await call("pex.approve.ethPool", txOf(pex, "approve", [uniswap.router, config.liquidity.pex]));
  const router = getContract({ abi: routerAbi, address: uniswap.router, client: { public: publicClient, wallet: deployer } });
  await call("pexEthPair.addLiquidity", async () =>
    txOf(
      router,
      "addLiquidityETH",
      [pex.address, config.liquidity.pex, 0n, 0n, treasury2.address, await deadline()],
      config.liquidity.eth,
    ),
  );
  // The app quotes swaps at the configured fee: the router must agree before anything relies on it.
  await checkRouterFee(publicClient, uniswap, pexEthPair, uniswap.weth, pex.address, config.dexFeeBps);

  const front = await contract<"frontAbi">("front", "Front", [
    {
      pex: pex.address,
      spex: spex.address,
      usdb: usdb.address,
      router: uniswap.router,
      pair: pexEthPair,
      treasury1: treasury1.address,
      treasury2: treasury2.address,
      win: win.address,
      win1: win1.address,
    },
    priceFeed.address,
    config.maxPriceAge,
    config.twap,
    owner,
  ]);
  // The PEX-USDB pool, seeded at the price Front derives from the PEX-ETH pool and the feed.
  const pexUsdbPair = await createPair(publicClient, journal, "pexUsdbPair.create", uniswap, pex.address, usdb.address);
  if (config.usdbPoolPex > 0n) {
    const pexIn = config.usdbPoolPex;
    const usdbIn = await journal.bigint("pexUsdbPair.usdb", () => front.read.getPexUSDBNeeded([pexIn]));
    await call("pex.approve.usdbPool", txOf(pex, "approve", [uniswap.router, pexIn]));
    await call("usdb.approve.usdbPool", txOf(usdb, "approve", [uniswap.router, usdbIn]));
    const args = async () =>
      [pex.address, usdb.address, pexIn, usdbIn, pexIn, usdbIn, treasury2.address, await deadline()] as const;
    await call("pexUsdbPair.addLiquidity", async () => txOf(router, "addLiquidity", await args()));
  }
  const ido = await contract<"idoAbi">("ido", "IDO", [pex.address, owner, deployedAt, config.idoDuration]);
  const game = await contract<"gameAbi">("game", "Game", [owner]);
  const vrf = await wireProtocol(
    hre,
    { publicClient, deployer, journal, config },
    { pex, spex, front, dao, treasury1, game, usdt, usdb },
  );

  return {
    publicClient,
    deployer,
    config,
    deployedAt,
    deployed: journal.deployed,
    usdt,
    usdb,
    pex,
    spex,
    win,
    win1,
    dao,
    front,
    ido,
    game,
    vrf,
    treasury1,
    treasury2,
    priceFeed,
    weth: uniswap.weth,
    uniswapFactory: uniswap.factory,
    uniswapRouter: uniswap.router,
    pexEthPair,
    pexUsdbPair,
    pairInitCodeHash: uniswap.initCodeHash,
  };
}

/** Roles, links and terms between the deployed contracts; the lottery's randomness; the first PEX-ETH average locally. */
async function wireProtocol(
  hre: HardhatRuntimeEnvironment,
  s: { publicClient: PublicClient; deployer: WalletClient; journal: DeployJournal; config: ProtocolConfig },
  c: Pick<Protocol, "pex" | "spex" | "front" | "dao" | "treasury1" | "game" | "usdt" | "usdb">,
): Promise<LotteryVrf> {
  const { journal, config } = s;
  const call = (key: string, tx: TxRequest | (() => Promise<TxRequest>)) => journal.call(key, tx);
  const { pex, spex, front, dao, treasury1, game, usdt, usdb } = c;
  await call("pex.grantRole.minter.spex", txOf(pex, "grantRole", [MINTER_ROLE, spex.address]));
  await call("pex.grantRole.minter.front", txOf(pex, "grantRole", [MINTER_ROLE, front.address]));
  await call("treasury1.grantRole.manager.dao", txOf(treasury1, "grantRole", [MANAGER_ROLE, dao.address]));
  await call("spex.setLinks", txOf(spex, "setLinks", [front.address, treasury1.address]));
  if (config.warmup !== config.epochLength) await call("spex.setWarmup", txOf(spex, "setWarmup", [BigInt(config.warmup)]));
  const { ethBond, lpBond } = config;
  await call(
    "front.setBondTerms.eth",
    txOf(front, "setBondTerms", [BondKind.Eth, ethBond.rateBps, ethBond.vesting, ethBond.capacity]),
  );
  await call(
    "front.setBondTerms.lp",
    txOf(front, "setBondTerms", [BondKind.Lp, lpBond.rateBps, lpBond.vesting, lpBond.capacity]),
  );
  await call("front.setMinBondPrice", txOf(front, "setMinBondPrice", [config.minBondPrice]));
  await call(
    "dao.setBoardroomTerms",
    txOf(dao, "setBoardroomTerms", [config.directorThreshold, config.proposalDuration, treasury1.address]),
  );
  await call("dao.setSeniorityPeriod", txOf(dao, "setSeniorityPeriod", [config.seniorityPeriod]));
  await call("game.setAllowedToken.usdt", txOf(game, "setAllowedToken", [usdt.address, true]));
  await call("game.setLotteryTerms", txOf(game, "setLotteryTerms", [usdt.address, config.lotteryFeeBps]));
  for (const operator of config.gameOperators ?? [])
    await call(`game.grantRole.operator.${operator}`, txOf(game, "grantRole", [OPERATOR_ROLE, operator]));
  // One DAO role per key: the binder cannot distribute dividends, the dividend operator cannot bind.
  for (const binder of config.daoBinders ?? [])
    await call(`dao.grantRole.binder.${binder}`, txOf(dao, "grantRole", [BINDER_ROLE, binder]));
  for (const operator of config.dividendOperators ?? [])
    await call(`dao.grantRole.dividend.${operator}`, txOf(dao, "grantRole", [DIVIDEND_ROLE, operator]));
  const vrf = await deployLotteryVrf(hre, s, journal, game.address, config.vrf);
  await call("game.setRandomnessSource", txOf(game, "setRandomnessSource", [vrf.consumer.address]));
  if (config.treasuryUsdb > 0n)
    await call("usdb.transfer.treasury1", txOf(usdb, "transfer", [treasury1.address, config.treasuryUsdb]));
  // The PEX-ETH average exists one window after Front's first observation. A local chain (and
  // the tests' in-process one) gets there now, so bonds and accelerations work at once; on a
  // live network the first `update()` after the window (the price keeper's) makes it.
  if ((await s.publicClient.getChainId()) === 31337) {
    const [, , , dueAt] = await front.read.twapObservation();
    await waitForTimestamp(hre, s.publicClient, dueAt);
    await call("front.update.first", txOf(front, "update", []));
  }
  return vrf;
}

/** The protocol's contracts as `wallet` sees them (its writes are sent from `wallet`). */
export function as(p: Protocol, wallet: WalletClient) {
  const c = <T extends { abi: readonly unknown[]; address: Address }>(contract: T) => connect(contract, wallet, p.publicClient);
  return {
    usdt: c(p.usdt),
    usdb: c(p.usdb),
    pex: c(p.pex),
    spex: c(p.spex),
    win: c(p.win),
    win1: c(p.win1),
    dao: c(p.dao),
    front: c(p.front),
    ido: c(p.ido),
    game: c(p.game),
    lotteryRandomness: c(p.vrf.consumer),
    treasury1: c(p.treasury1),
    treasury2: c(p.treasury2),
    priceFeed: c(p.priceFeed),
    router: getContract({ abi: routerAbi, address: p.uniswapRouter, client: { public: p.publicClient, wallet } }),
    pair: getContract({ abi: pairAbi, address: p.pexEthPair, client: { public: p.publicClient, wallet } }),
  };
}
