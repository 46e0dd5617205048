/**
 * Deploys Uniswap V2 (WETH9, UniswapV2Factory, UniswapV2Router02) from the published
 * @uniswap/v2-core and v2-periphery build artifacts, so the PEX-ETH and PEX-USDB pools are real
 * Uniswap pools; on a live network attaches the chain's V2 DEX instead (PancakeSwap V2 on BSC).
 *
 * UniswapV2Router02 finds pairs by CREATE2 with the pair init-code hash compiled into it; that
 * works only if the factory deploys exactly the pair bytecode the hash was taken from. We check
 * it before relying on the router (the published builds match: 0x96e8ac42…845f). PancakeSwap's
 * factory publishes its own hash (`INIT_CODE_PAIR_HASH`), which differs per network.
 */
import fs from "node:fs";
import path from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import {
  encodeDeployData,
  encodePacked,
  getContract,
  getCreate2Address,
  keccak256,
  parseAbi,
  zeroAddress,
  type Address,
  type Hex,
} from "viem";
import { checkFeeBps, getAmountsOut } from "../../domain/swap-math";
import type { PublicClient } from "./contracts";
import type { DeployJournal } from "./deploy-journal";
import { txOf } from "./deploy-steps";

interface BuildArtifact {
  abi: unknown[];
  bytecode: string;
}

export const factoryAbi = parseAbi([
  "function createPair(address tokenA, address tokenB) returns (address pair)",
  "function getPair(address tokenA, address tokenB) view returns (address pair)",
  "function INIT_CODE_PAIR_HASH() view returns (bytes32)",
]);
export const routerAbi = parseAbi([
  "function factory() view returns (address)",
  "function WETH() view returns (address)",
  "function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)",
  "function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)",
  "function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)",
  "function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
  "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)",
  "function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
]);
export const pairAbi = parseAbi([
  "function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)",
  "function token0() view returns (address)",
  "function token1() view returns (address)",
  "function totalSupply() view returns (uint256)",
  "function balanceOf(address) view returns (uint256)",
]);
export const wethAbi = parseAbi([
  "function deposit() payable",
  "function balanceOf(address) view returns (uint256)",
  "function approve(address, uint256) returns (bool)",
]);

function readBuild(root: string, pkg: string, name: string): BuildArtifact {
  const file = path.join(root, "node_modules", "@uniswap", pkg, "build", `${name}.json`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as BuildArtifact;
}

const hex = (code: string): Hex => (code.startsWith("0x") ? code : `0x${code}`) as Hex;

/** keccak256 of the pair creation code: what the router must have compiled in. */
export function checkPairInitCodeHash(root: string): Hex {
  const pair = hex(readBuild(root, "v2-core", "UniswapV2Pair").bytecode);
  const factory = readBuild(root, "v2-core", "UniswapV2Factory").bytecode;
  const router = readBuild(root, "v2-periphery", "UniswapV2Router02").bytecode;
  const initCodeHash = keccak256(pair);
  if (!factory.includes(pair.slice(2))) throw new Error("UniswapV2Factory does not embed the UniswapV2Pair build");
  if (!router.includes(initCodeHash.slice(2))) {
    throw new Error(`UniswapV2Router02 was built for another pair init-code hash than ${initCodeHash}`);
  }
  return initCodeHash;
}

export interface Uniswap {
  weth: Address;
  factory: Address;
  router: Address;
  initCodeHash: Hex;
}

async function deployBuild(journal: DeployJournal, key: string, root: string, pkg: string, name: string, args: unknown[]) {
  const build = readBuild(root, pkg, name);
  const data = encodeDeployData({ abi: build.abi, bytecode: hex(build.bytecode), args });
  return journal.create(key, { name: `@uniswap/${pkg}/build/${name}.json`, args }, data);
}

export async function deployUniswap(
  hre: HardhatRuntimeEnvironment,
  journal: DeployJournal,
  feeToSetter: Address,
): Promise<Uniswap> {
  const root = hre.config.paths.root;
  const initCodeHash = checkPairInitCodeHash(root);
  const weth = await deployBuild(journal, "weth", root, "v2-periphery", "WETH9", []);
  const factory = await deployBuild(journal, "uniswapFactory", root, "v2-core", "UniswapV2Factory", [feeToSetter]);
  const router = await deployBuild(journal, "uniswapRouter", root, "v2-periphery", "UniswapV2Router02", [factory, weth]);
  return { weth, factory, router, initCodeHash };
}

/**
 * Creates the `token`-`other` pair (other: WETH unless given) as step `key` unless it exists, and
 * checks that it sits where the router will look for it.
 */
export async function createPair(
  publicClient: PublicClient,
  journal: DeployJournal,
  key: string,
  uniswap: { factory: Address; weth: Address; initCodeHash: Hex },
  token: Address,
  other: Address = uniswap.weth,
): Promise<Address> {
  const factory = getContract({ abi: factoryAbi, address: uniswap.factory, client: publicClient });
  let pair = await factory.read.getPair([token, other]);
  if (pair === zeroAddress) {
    await journal.call(key, txOf(factory, "createPair", [token, other]));
    pair = await factory.read.getPair([token, other]);
  }
  const [t0, t1] = BigInt(token) < BigInt(other) ? [token, other] : [other, token];
  const expected = getCreate2Address({
    from: uniswap.factory,
    salt: keccak256(encodePacked(["address", "address"], [t0, t1])),
    bytecodeHash: uniswap.initCodeHash,
  });
  if (expected.toLowerCase() !== pair.toLowerCase())
    throw new Error(`pair ${pair} is not at the router's CREATE2 address ${expected}`);
  return pair;
}

/**
 * An existing Uniswap V2 deployment or fork, found through its router. Its pair init-code hash is
 * the one its factory publishes (PancakeSwap's `INIT_CODE_PAIR_HASH`); a factory without one
 * (Uniswap's own) must be the published build's.
 */
export async function attachUniswap(
  hre: HardhatRuntimeEnvironment,
  publicClient: PublicClient,
  router: Address,
): Promise<Uniswap> {
  const r = getContract({ abi: routerAbi, address: router, client: publicClient });
  const factory = await r.read.factory();
  const f = getContract({ abi: factoryAbi, address: factory, client: publicClient });
  const published = await f.read.INIT_CODE_PAIR_HASH().catch(() => null);
  return {
    router,
    factory,
    weth: await r.read.WETH(),
    initCodeHash: published ?? checkPairInitCodeHash(hre.config.paths.root),
  };
}

/**
 * Fails unless the router quotes a swap into `pair` from `tokenIn` as a V2 pair taking `feeBps`
 * does: the configured fee is what the app's quotes (domain/swap-math.ts) use, so a wrong one
 * would misquote every swap. Uniswap V2 takes 30, PancakeSwap V2 25.
 */
export async function checkRouterFee(
  publicClient: PublicClient,
  uniswap: Uniswap,
  pair: Address,
  tokenIn: Address,
  tokenOut: Address,
  feeBps: number,
): Promise<void> {
  checkFeeBps(feeBps);
  const p = getContract({ abi: pairAbi, address: pair, client: publicClient });
  const [[r0, r1], token0] = await Promise.all([p.read.getReserves(), p.read.token0()]);
  const [reserveIn, reserveOut] = token0.toLowerCase() === tokenIn.toLowerCase() ? [r0, r1] : [r1, r0];
  // 1 % of the pool: large enough that 0.25 % and 0.3 % give different answers.
  const amountIn = reserveIn / 100n;
  if (amountIn === 0n) throw new Error(`pair ${pair} holds no liquidity to check the DEX fee with`);
  const r = getContract({ abi: routerAbi, address: uniswap.router, client: publicClient });
  const quoted = await r.read.getAmountsOut([amountIn, [tokenIn, tokenOut]]);
  const expected = getAmountsOut(amountIn, [{ reserveIn, reserveOut }], feeBps);
  if (quoted[1] !== expected[1])
    throw new Error(
      `the router at ${uniswap.router} quotes ${quoted[1]} where a ${feeBps} bps fee gives ${expected[1]}: set DEX_FEE_BPS to its fee ` +
        "(Uniswap V2 30, PancakeSwap V2 25)",
    );
}
