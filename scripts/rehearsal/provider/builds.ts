/**
 * The provider's contracts, from Hardhat's artifacts (`npx hardhat compile` writes them): the
 * rehearsal's USDT, BNB/USD feed and DEX (contracts/rehearsal/), and Chainlink's VRF v2.5
 * coordinator mock (brought into the build by contracts/game/LocalVrfCoordinator.sol). Read from files, not through Hardhat, so
 * the commands run against any RPC URL without `hardhat run`.
 */
import fs from "node:fs";
import path from "node:path";
import type { Abi, Hex } from "viem";
import type {
  rehearsalDexFactoryAbi,
  rehearsalDexPairAbi,
  rehearsalDexRouterAbi,
  rehearsalPriceFeedAbi,
  rehearsalUsdtAbi,
  rehearsalWbnbAbi,
  vrfCoordinatorV2_5MockAbi,
} from "../../../generated/abis";

const ARTIFACTS = path.resolve(__dirname, "../../../artifacts");

function build<A extends Abi>(sourceName: string, contractName: string): { abi: A; bytecode: Hex } {
  const file = path.join(ARTIFACTS, sourceName, `${contractName}.json`);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npx hardhat compile\` first`);
  const { abi, bytecode } = JSON.parse(fs.readFileSync(file, "utf8")) as { abi: A; bytecode: Hex };
  return { abi, bytecode };
}

export const usdtBuild = () => build<typeof rehearsalUsdtAbi>("contracts/rehearsal/RehearsalUsdt.sol", "RehearsalUsdt");
export const feedBuild = () =>
  build<typeof rehearsalPriceFeedAbi>("contracts/rehearsal/RehearsalPriceFeed.sol", "RehearsalPriceFeed");
export const coordinatorBuild = () =>
  build<typeof vrfCoordinatorV2_5MockAbi>(
    "@chainlink/contracts/src/v0.8/vrf/mocks/VRFCoordinatorV2_5Mock.sol",
    "VRFCoordinatorV2_5Mock",
  );

const dex = <A extends Abi>(name: string) => build<A>(`contracts/rehearsal/dex/${name}.sol`, name);
export const wbnbBuild = () => dex<typeof rehearsalWbnbAbi>("RehearsalWbnb");
export const dexFactoryBuild = () => dex<typeof rehearsalDexFactoryAbi>("RehearsalDexFactory");
export const dexPairBuild = () => dex<typeof rehearsalDexPairAbi>("RehearsalDexPair");
export const dexRouterBuild = () => dex<typeof rehearsalDexRouterAbi>("RehearsalDexRouter");
