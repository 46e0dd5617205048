/**
 * Deploys the protocol to the selected Hardhat network, seeds demo data on a local chain and
 * writes the one generated addresses file that the web app and the server read.
 *
 *   hardhat run scripts/deploy.ts --network localhost
 *
 *   hardhat run scripts/deploy.ts --network bscTestnet | bsc
 *
 * DEPLOYMENTS_FILE overrides the output path (default generated/deployments.json). The run keeps
 * a journal beside it (deploy-journal-<chainId>.json, or DEPLOY_JOURNAL_FILE): run the same
 * command again after an interruption and it resumes, sending nothing twice; move the journal
 * away to start a new deployment on the same chain.
 * DEMO=0 skips the demo data on a local chain; DEMO=1 seeds it elsewhere (test networks).
 * On a live network, USDT_ADDRESS, NATIVE_USD_FEED (Chainlink's native coin in USD: BNB/USD on
 * BSC; ETH_USD_FEED is its earlier name) and UNISWAP_V2_ROUTER (PancakeSwap V2's on BSC) point at
 * the existing contracts instead of deploying local stand-ins; on BSC (56) all three are required.
 * DEX_FEE_BPS is the DEX's swap fee (default 25 on BSC and its testnet, 30 elsewhere), checked
 * against the router. TEST_USDT_DECIMALS gives the test USDT other decimals than 6 (18 rehearses
 * BSC's USDT) (scripts/protocol/deploy-env.ts).
 * PRICE_KEEPER_ADDRESS may push answers to a feed deployed here (default on the local chain:
 * Hardhat #19, the server's price keeper); with a Chainlink feed there is nothing to push.
 * LOTTERY_OPERATOR_ADDRESS may start lottery rounds (default on the local chain: Hardhat #9, the
 * server's lottery keeper).
 * INVITE_BINDER_ADDRESS gets the DAO's BINDER_ROLE, which binds inviters on users' behalf (default
 * on the local chain: Hardhat #4, the server's invite binder).
 * DIVIDEND_OPERATOR_ADDRESS gets the DAO's DIVIDEND_ROLE, which distributes dividends (no default:
 * the deployer holds it, as every DAO role, from the start).
 * The lottery draws with Chainlink VRF v2.5: on the local chain the deploy sets up Chainlink's
 * coordinator mock with a funded subscription; elsewhere VRF_COORDINATOR, VRF_KEY_HASH and
 * VRF_SUBSCRIPTION_ID are required (VRF_CALLBACK_GAS_LIMIT, VRF_REQUEST_CONFIRMATIONS and
 * VRF_NATIVE_PAYMENT optional), and the subscription's owner adds the printed consumer.
 * DEPLOY_PARAMS_FILE (JSON) shortens the protocol's durations for a rehearsal: epochs, seniority,
 * proposals, bond vesting, the PEX average's window (scripts/protocol/deploy-params.ts).
 * On bsc and bscTestnet the deployer is the key of DEPLOYER_KEYSTORE (an encrypted JSON keystore)
 * opened with the password in DEPLOYER_PASSWORD_FILE (scripts/lib/deployer-keystore.ts).
 */
import path from "node:path";
import hre from "hardhat";
import { DEV_PRICE_KEEPER } from "../domain/eth-usd-price";
import { DEV_INVITE_BINDER } from "../domain/invite-binding";
import { DEV_LOTTERY_OPERATOR } from "../domain/lottery-local";
import { defaultConfig, LOCAL_TWAP } from "./protocol/deploy-protocol";
import { chainFactsFromEnv } from "./protocol/deploy-env";
import { applyDeployParams, deployParamsFromEnv } from "./protocol/deploy-params";
import { deployAndRecord, journalFileFor } from "./protocol/deploy-run";
import { demoConfigOverrides } from "./protocol/seed-demo";
import { defaultVrfConfig, type VrfConfig } from "./protocol/vrf";

/** The lottery's VRF settings from the environment; on the local chain the defaults (and the mock). */
function vrfConfig(local: boolean): VrfConfig {
  const env = process.env;
  if (!env.VRF_COORDINATOR) {
    if (!local) throw new Error("VRF_COORDINATOR, VRF_KEY_HASH and VRF_SUBSCRIPTION_ID are required off the local chain");
    return defaultVrfConfig;
  }
  if (!/^0x[0-9a-fA-F]{40}$/.test(env.VRF_COORDINATOR))
    throw new Error(`VRF_COORDINATOR is not an address: ${env.VRF_COORDINATOR}`);
  if (!/^0x[0-9a-fA-F]{64}$/.test(env.VRF_KEY_HASH ?? "")) throw new Error("VRF_KEY_HASH must be a 32-byte hex key hash");
  if (!/^[1-9][0-9]*$/.test(env.VRF_SUBSCRIPTION_ID ?? ""))
    throw new Error("VRF_SUBSCRIPTION_ID must be the subscription's decimal id");
  const integer = (name: string, fallback: number) => {
    const value = env[name] ? Number(env[name]) : fallback;
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
    return value;
  };
  return {
    coordinator: env.VRF_COORDINATOR as `0x${string}`,
    keyHash: env.VRF_KEY_HASH as `0x${string}`,
    subscriptionId: BigInt(env.VRF_SUBSCRIPTION_ID!),
    callbackGasLimit: integer("VRF_CALLBACK_GAS_LIMIT", defaultVrfConfig.callbackGasLimit),
    requestConfirmations: integer("VRF_REQUEST_CONFIRMATIONS", defaultVrfConfig.requestConfirmations),
    nativePayment: env.VRF_NATIVE_PAYMENT === "1",
  };
}

async function main() {
  const started = Date.now();
  const publicClient = await hre.viem.getPublicClient();
  const chainId = await publicClient.getChainId();
  const local = chainId === 31337;
  const demo = process.env.DEMO ? process.env.DEMO === "1" : local;

  const address = (name: string) => {
    const value = process.env[name];
    if (value && !/^0x[0-9a-fA-F]{40}$/.test(value)) throw new Error(`${name} is not an address: ${value}`);
    return value as `0x${string}` | undefined;
  };
  const keeper = address("PRICE_KEEPER_ADDRESS") ?? (local ? DEV_PRICE_KEEPER.address : undefined);
  const lotteryOperator = address("LOTTERY_OPERATOR_ADDRESS") ?? (local ? DEV_LOTTERY_OPERATOR.address : undefined);
  const inviteBinder = address("INVITE_BINDER_ADDRESS") ?? (local ? DEV_INVITE_BINDER.address : undefined);
  const dividendOperator = address("DIVIDEND_OPERATOR_ADDRESS");
  // A one-minute PEX-ETH average locally, so the deploy waits only that long for the first one.
  const base = { ...defaultConfig, ...(local ? { twap: LOCAL_TWAP } : {}), ...(demo ? demoConfigOverrides() : {}) };
  const config = {
    ...applyDeployParams(base, deployParamsFromEnv(process.env)),
    ...chainFactsFromEnv(process.env, chainId),
    priceUpdaters: keeper ? [keeper] : [],
    gameOperators: lotteryOperator ? [lotteryOperator] : [],
    daoBinders: inviteBinder ? [inviteBinder] : [],
    dividendOperators: dividendOperator ? [dividendOperator] : [],
    vrf: vrfConfig(local),
  };
  const out = process.env.DEPLOYMENTS_FILE ?? path.join("generated", "deployments.json");
  const journalFile = process.env.DEPLOY_JOURNAL_FILE ?? journalFileFor(out, chainId);
  const { deployments, protocol } = await deployAndRecord(hre, { plan: { config, demo }, out, journalFile });
  console.log(
    `Deployed to chain ${chainId}: ${Object.entries(deployments.contracts)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ")}`,
  );
  if (!protocol.vrf.mock)
    console.log(`Add the lottery's VRF consumer ${protocol.vrf.consumer.address} to subscription ${protocol.vrf.subscriptionId}`);
  console.log(
    `Addresses written to ${out}${demo ? " (with demo data)" : ""} in ${((Date.now() - started) / 1000).toFixed(1)} s (journal: ${journalFile})`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
