/**
 * The rehearsal's DEX for the contract tests: WBNB, factory and router deployed from the
 * artifacts as the provider deploys them, a USDT-WBNB pool created and filled through the very
 * functions the protocol's deploy calls (scripts/protocol/uniswap.ts: `createPair`, `routerAbi`),
 * and helpers to read the pool along the BNB/USDT sides rather than token0/token1.
 */
import { getContract, parseEther, type Address } from "viem";
import { deploy, mined, type WalletClient } from "../../../scripts/protocol/contracts";
import { DeployJournal } from "../../../scripts/protocol/deploy-journal";
import { createPair, routerAbi } from "../../../scripts/protocol/uniswap";
import { rehearsalDexPairAbi } from "../../../generated/abis";
import { ensureCompiled, hre } from "../support/fixture";

export const USDT_LIQUIDITY = parseEther("600000");
export const BNB_LIQUIDITY = parseEther("1000");
/** Far enough ahead never to expire in a test; the refusal tests pass their own. */
export const DEADLINE = 2n ** 40n;
export const LOCKED_LP_HOLDER: Address = "0x000000000000000000000000000000000000dEaD";

/** PancakeSwap V2's getAmountOut: 0.25 % of the input stays in the pool. */
export const pancakeOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint) =>
  (amountIn * 9975n * reserveOut) / (reserveIn * 10000n + amountIn * 9975n);

export async function dexFixture() {
  await ensureCompiled();
  const publicClient = await hre.viem.getPublicClient();
  const [owner, trader, lp] = (await hre.viem.getWalletClients()) as [WalletClient, WalletClient, WalletClient];
  const send = (hash: Promise<`0x${string}`>) => mined(publicClient, hash);
  const wbnb = await deploy<"rehearsalWbnbAbi">(hre, "RehearsalWbnb", [], owner);
  const factory = await deploy<"rehearsalDexFactoryAbi">(hre, "RehearsalDexFactory", [], owner);
  const router = await deploy<"rehearsalDexRouterAbi">(hre, "RehearsalDexRouter", [factory.address, wbnb.address], owner);
  const usdt = await deploy<"rehearsalUsdtAbi">(hre, "RehearsalUsdt", [owner.account.address], owner);
  for (const holder of [owner, trader, lp]) {
    await send(usdt.write.mint([holder.account.address, USDT_LIQUIDITY]));
    const asHolder = getContract({ abi: usdt.abi, address: usdt.address, client: { public: publicClient, wallet: holder } });
    await send(asHolder.write.approve([router.address, 2n ** 256n - 1n]));
  }
  const initCodeHash = await factory.read.INIT_CODE_PAIR_HASH();
  const dex = { factory: factory.address, weth: wbnb.address, initCodeHash };
  const journal = await DeployJournal.open({ file: null, publicClient, deployer: owner, config: "rehearsal-dex" });
  const pairAddress = await createPair(publicClient, journal, "usdtPair.create", dex, usdt.address);
  /** The router through the protocol's own Uniswap V2 ABI, sending from `wallet`. */
  const routerAs = (wallet: WalletClient) =>
    getContract({ abi: routerAbi, address: router.address, client: { public: publicClient, wallet } });
  const ownerLp = await routerAs(owner).simulate.addLiquidityETH(
    [usdt.address, USDT_LIQUIDITY, 0n, 0n, owner.account.address, DEADLINE],
    { value: BNB_LIQUIDITY, account: owner.account.address },
  );
  await send(
    routerAs(owner).write.addLiquidityETH([usdt.address, USDT_LIQUIDITY, 0n, 0n, owner.account.address, DEADLINE], {
      value: BNB_LIQUIDITY,
    }),
  );
  const pairAs = (wallet: WalletClient) =>
    getContract({ abi: rehearsalDexPairAbi, address: pairAddress, client: { public: publicClient, wallet } });
  const pair = pairAs(owner);
  const bnbIs0 = BigInt(wbnb.address) < BigInt(usdt.address);
  const reserves = async () => {
    const [r0, r1, timestamp] = await pair.read.getReserves();
    return bnbIs0 ? { bnb: r0, usdt: r1, timestamp } : { bnb: r1, usdt: r0, timestamp };
  };
  /** A swap's two outputs in the pair's order, from the USDT and BNB amounts. */
  const outs = (usdtOut: bigint, bnbOut = 0n): [bigint, bigint] => (bnbIs0 ? [bnbOut, usdtOut] : [usdtOut, bnbOut]);
  return {
    publicClient,
    owner,
    trader,
    lp,
    send,
    wbnb,
    factory,
    router,
    usdt,
    pair,
    initCodeHash,
    firstLiquidity: ownerLp.result[2],
    routerAs,
    pairAs,
    bnbIs0,
    reserves,
    outs,
  };
}

export type DexWorld = Awaited<ReturnType<typeof dexFixture>>;
