/**
 * Deploys Uniswap V2 (WETH9, UniswapV2Factory, UniswapV2Router02) from the published
 * @uniswap/v2-core and v2-periphery build artifacts, so the PEX-ETH and PEX-USDB pools are real Uniswap pools.
 *
 * UniswapV2Router02 finds pairs by CREATE2 with the pair init-code hash compiled into it; that
 * works only if the factory deploys exactly the pair bytecode the hash was taken from. We check
 * it before relying on the router (the published builds match: 0x96e8ac42…845f).
 */
import fs from "node:fs";
import path from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { encodePacked, getContract, getCreate2Address, keccak256, parseAbi, zeroAddress, type Address, type Hex } from "viem";
import { mined, type PublicClient, type WalletClient } from "./contracts";

interface BuildArtifact {
  abi: unknown[];
  bytecode: string;
}

export const factoryAbi = parseAbi([
  "function createPair(address tokenA, address tokenB) returns (address pair)",
  "function getPair(address tokenA, address tokenB) view returns (address pair)",
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

async function deployBuild(
  publicClient: PublicClient,
  deployer: WalletClient,
  build: BuildArtifact,
  args: unknown[],
): Promise<Address> {
  const hash = await deployer.deployContract({ abi: build.abi, bytecode: hex(build.bytecode), args });
  const receipt = await mined(publicClient, hash);
  if (!receipt.contractAddress) throw new Error("deployment without a contract address");
  return receipt.contractAddress;
}

export async function deployUniswap(
  hre: HardhatRuntimeEnvironment,
  publicClient: PublicClient,
  deployer: WalletClient,
): Promise<Uniswap> {
  const root = hre.config.paths.root;
  const initCodeHash = checkPairInitCodeHash(root);
  const weth = await deployBuild(publicClient, deployer, readBuild(root, "v2-periphery", "WETH9"), []);
  const factory = await deployBuild(publicClient, deployer, readBuild(root, "v2-core", "UniswapV2Factory"), [
    deployer.account.address,
  ]);
  const router = await deployBuild(publicClient, deployer, readBuild(root, "v2-periphery", "UniswapV2Router02"), [factory, weth]);
  return { weth, factory, router, initCodeHash };
}

/** Creates the `token`-`other` pair (other: WETH unless given) and checks that it sits where the router will look for it. */
export async function createPair(
  publicClient: PublicClient,
  deployer: WalletClient,
  uniswap: { factory: Address; weth: Address; initCodeHash: Hex },
  token: Address,
  other: Address = uniswap.weth,
): Promise<Address> {
  const factory = getContract({ abi: factoryAbi, address: uniswap.factory, client: { public: publicClient, wallet: deployer } });
  let pair = await factory.read.getPair([token, other]);
  if (pair === zeroAddress) {
    await mined(publicClient, factory.write.createPair([token, other]));
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

/** An existing Uniswap V2 deployment, found through its router. */
export async function attachUniswap(
  hre: HardhatRuntimeEnvironment,
  publicClient: PublicClient,
  router: Address,
): Promise<Uniswap> {
  const r = getContract({ abi: routerAbi, address: router, client: publicClient });
  return {
    router,
    factory: await r.read.factory(),
    weth: await r.read.WETH(),
    initCodeHash: checkPairInitCodeHash(hre.config.paths.root),
  };
}
