/**
 * Deploys and wires the whole protocol: tokens, Uniswap V2 with the PEX-ETH and PEX-USDB pools,
 * the ETH/USD feed, both treasuries, staking, the bond desk, the DAO, the IDO release and the
 * game with its VRF randomness (scripts/protocol/vrf.ts). Used by scripts/deploy.ts, scripts/gas-report.ts and the contract tests' fixtures, so the
 * tests exercise exactly what is deployed.
 */
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { getContract, type Address } from "viem";
import { waitForTimestamp } from "./chain-time";
import { connect, deploy, mined, type PublicClient, type Typed, type WalletClient } from "./contracts";
import { attachUniswap, createPair, deployUniswap, pairAbi, routerAbi } from "./uniswap";
import { deployLotteryVrf, type LotteryVrf } from "./vrf";

export {
  BINDER_ROLE,
  DIVIDEND_ROLE,
  MANAGER_ROLE,
  MINTER_ROLE,
  OPERATOR_ROLE,
  REWARDER_ROLE,
  UPDATER_ROLE,
} from "../../domain/contract-roles";
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
  /** Block timestamp when the deployment started. */
  deployedAt: bigint;
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

export async function deployProtocol(hre: HardhatRuntimeEnvironment, config: ProtocolConfig = defaultConfig): Promise<Protocol> {
  const publicClient = await hre.viem.getPublicClient();
  const [deployer] = await hre.viem.getWalletClients();
  if (!deployer) throw new Error("no deployer account configured for this network");
  const owner = deployer.account.address;
  const send = (hash: Promise<`0x${string}`>) => mined(publicClient, hash);
  const deployedAt = (await publicClient.getBlock()).timestamp;

  const existing = config.existing ?? {};
  const usdt = existing.usdt
    ? ((await hre.viem.getContractAt("TestUSDT", existing.usdt)) as unknown as Typed<"testUsdtAbi">)
    : await deploy<"testUsdtAbi">(hre, "TestUSDT", [config.usdtSupply], deployer);
  const usdb = await deploy<"usdbAbi">(hre, "USDB", [owner, config.usdbSupply], deployer);
  const pex = await deploy<"pexAbi">(hre, "PEX", [owner, config.pexSupply], deployer);
  const uniswap = existing.uniswapRouter
    ? await attachUniswap(hre, publicClient, existing.uniswapRouter)
    : await deployUniswap(hre, publicClient, deployer);
  const pexEthPair = await createPair(publicClient, deployer, uniswap, pex.address);
  const priceFeed = existing.ethUsdFeed
    ? ((await hre.viem.getContractAt("EthUsdPriceFeed", existing.ethUsdFeed)) as unknown as Typed<"ethUsdPriceFeedAbi">)
    : await deploy<"ethUsdPriceFeedAbi">(hre, "EthUsdPriceFeed", [owner, 8, config.ethUsd], deployer);
  if (!existing.ethUsdFeed)
    for (const updater of config.priceUpdaters ?? []) await send(priceFeed.write.grantRole([UPDATER_ROLE, updater]));
  const treasury1 = await deploy<"treasuryAbi">(hre, "Treasury", [owner, "Reserves"], deployer);
  const treasury2 = await deploy<"treasuryAbi">(hre, "Treasury", [owner, "Protocol-owned liquidity"], deployer);
  const win = await deploy<"winAbi">(hre, "WIN", [usdb.address, owner], deployer);
  const win1 = await deploy<"win1Abi">(hre, "WIN1", [usdb.address, owner], deployer);
  const dao = await deploy<"daoAbi">(hre, "DAO", [pex.address, treasury1.address, owner], deployer);
  const spex = await deploy<"spexAbi">(
    hre,
    "SPEX",
    [
      pex.address,
      usdb.address,
      dao.address,
      owner,
      config.epochLength,
      deployedAt + BigInt(config.firstRebaseIn),
      config.rewardRate,
    ],
    deployer,
  );
  await send(dao.write.setStaking([spex.address]));

  // The pool's first liquidity, owned by the protocol from the start.
  await send(pex.write.approve([uniswap.router, config.liquidity.pex]));
  const router = getContract({ abi: routerAbi, address: uniswap.router, client: { public: publicClient, wallet: deployer } });
  await send(
    router.write.addLiquidityETH([pex.address, config.liquidity.pex, 0n, 0n, treasury2.address, deployedAt + 3600n], {
      value: config.liquidity.eth,
    }),
  );

  const front = await deploy<"frontAbi">(
    hre,
    "Front",
    [
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
    ],
    deployer,
  );
  // The PEX-USDB pool, seeded at the price Front derives from the PEX-ETH pool and the feed.
  const pexUsdbPair = await createPair(publicClient, deployer, uniswap, pex.address, usdb.address);
  if (config.usdbPoolPex > 0n) {
    const usdbAmount = await front.read.getPexUSDBNeeded([config.usdbPoolPex]);
    await send(pex.write.approve([uniswap.router, config.usdbPoolPex]));
    await send(usdb.write.approve([uniswap.router, usdbAmount]));
    const deadline = (await publicClient.getBlock()).timestamp + 3600n;
    await send(
      router.write.addLiquidity([
        pex.address,
        usdb.address,
        config.usdbPoolPex,
        usdbAmount,
        config.usdbPoolPex,
        usdbAmount,
        treasury2.address,
        deadline,
      ]),
    );
  }
  const ido = await deploy<"idoAbi">(hre, "IDO", [pex.address, owner, deployedAt, config.idoDuration], deployer);
  const game = await deploy<"gameAbi">(hre, "Game", [owner], deployer);

  await send(pex.write.grantRole([MINTER_ROLE, spex.address]));
  await send(pex.write.grantRole([MINTER_ROLE, front.address]));
  await send(treasury1.write.grantRole([MANAGER_ROLE, dao.address]));
  await send(spex.write.setLinks([front.address, treasury1.address]));
  if (config.warmup !== config.epochLength) await send(spex.write.setWarmup([BigInt(config.warmup)]));
  await send(front.write.setBondTerms([BondKind.Eth, config.ethBond.rateBps, config.ethBond.vesting, config.ethBond.capacity]));
  await send(front.write.setBondTerms([BondKind.Lp, config.lpBond.rateBps, config.lpBond.vesting, config.lpBond.capacity]));
  await send(front.write.setMinBondPrice([config.minBondPrice]));
  await send(dao.write.setBoardroomTerms([config.directorThreshold, config.proposalDuration, treasury1.address]));
  await send(dao.write.setSeniorityPeriod([config.seniorityPeriod]));
  await send(game.write.setAllowedToken([usdt.address, true]));
  await send(game.write.setLotteryTerms([usdt.address, config.lotteryFeeBps]));
  for (const operator of config.gameOperators ?? []) await send(game.write.grantRole([OPERATOR_ROLE, operator]));
  // One DAO role per key: the binder cannot distribute dividends, the dividend operator cannot bind.
  for (const binder of config.daoBinders ?? []) await send(dao.write.grantRole([BINDER_ROLE, binder]));
  for (const operator of config.dividendOperators ?? []) await send(dao.write.grantRole([DIVIDEND_ROLE, operator]));
  const vrf = await deployLotteryVrf(hre, publicClient, deployer, game.address, config.vrf);
  await send(game.write.setRandomnessSource([vrf.consumer.address]));
  if (config.treasuryUsdb > 0n) await send(usdb.write.transfer([treasury1.address, config.treasuryUsdb]));
  // The PEX-ETH average exists one window after Front's first observation. A local chain (and
  // the tests' in-process one) gets there now, so bonds and accelerations work at once; on a
  // live network the first `update()` after the window (the price keeper's) makes it.
  if ((await publicClient.getChainId()) === 31337) {
    const [, , , dueAt] = await front.read.twapObservation();
    await waitForTimestamp(hre, publicClient, dueAt);
    await send(front.write.update());
  }

  return {
    publicClient,
    deployer,
    config,
    deployedAt,
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
