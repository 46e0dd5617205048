/**
 * The lottery's randomness: Chainlink VRF v2.5 through `LotteryRandomness`, the consumer that
 * `Game` asks for each draw's word (docs/contracts.md, "Randomness and trust"). On the local chain
 * (31337) the coordinator is Chainlink's `VRFCoordinatorV2_5Mock`, deployed here with a funded
 * subscription, and the lottery keeper fulfils requests through it; on any other chain the
 * coordinator, key hash and subscription come from the configuration, and the subscription's
 * owner adds the consumer (README, "Lottery randomness").
 */
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { keccak256, parseEther, parseEventLogs, parseUnits, toHex, type Address, type Hex, type TransactionReceipt } from "viem";
import { VRF_MOCK_FULFIL_OVERHEAD_GAS } from "../../domain/lottery-local";
import { connect, mined, type PublicClient, type Typed, type WalletClient } from "./contracts";
import type { DeployJournal } from "./deploy-journal";
import { deployStep, txOf } from "./deploy-steps";

export interface VrfConfig {
  /** Chainlink's VRF v2.5 coordinator; absent: the mock is deployed (local chain only). */
  coordinator?: Address;
  /** The VRF key (gas lane) requests name; any non-zero value on the mock. */
  keyHash: Hex;
  /** The subscription that pays; required with a coordinator (the mock's is created here). */
  subscriptionId?: bigint;
  /** Gas the callback may use: Game.fulfillRandomness plus the consumer's forwarding (docs/gas.md). */
  callbackGasLimit: number;
  /** Blocks the coordinator waits before answering (the mock answers when told to). */
  requestConfirmations: number;
  /** Pay in the native coin instead of LINK. */
  nativePayment: boolean;
}

export const defaultVrfConfig: VrfConfig = {
  keyHash: keccak256(toHex("pex local VRF key")),
  callbackGasLimit: 300_000,
  requestConfirmations: 3,
  nativePayment: false,
};

/**
 * The mock's fee model: 0.1 LINK per request plus the fulfilment's gas at 1 gwei, at 0.004 ETH per
 * LINK (about 25 LINK a draw), from a subscription funded with 1,000,000 test LINK (the mock's
 * funding needs no token).
 */
export const LOCAL_VRF_MOCK = {
  baseFee: parseEther("0.1"),
  gasPrice: parseUnits("1", 9),
  weiPerUnitLink: parseEther("0.004"),
  funding: parseEther("1000000"),
} as const;

export interface LotteryVrf {
  consumer: Typed<"lotteryRandomnessAbi">;
  coordinator: Address;
  subscriptionId: bigint;
  keyHash: Hex;
  /** The local coordinator mock (null on a chain with Chainlink's coordinator). */
  mock: Typed<"vrfCoordinatorV2_5MockAbi"> | null;
}

/**
 * Deploys the consumer for `game` and, without a configured coordinator, the local mock with a
 * funded subscription: each a step of the deployment's journal.
 */
export async function deployLotteryVrf(
  hre: HardhatRuntimeEnvironment,
  clients: { publicClient: PublicClient; deployer: WalletClient },
  journal: DeployJournal,
  game: Address,
  vrf: VrfConfig,
): Promise<LotteryVrf> {
  const { publicClient } = clients;
  let mock: Typed<"vrfCoordinatorV2_5MockAbi"> | null = null;
  let coordinator = vrf.coordinator;
  let subscriptionId = vrf.subscriptionId;
  if (!coordinator) {
    // The mock lets anyone fulfil with words of their choosing: never on a chain that matters.
    const chainId = await publicClient.getChainId();
    if (chainId !== 31337) throw new Error(`chain ${chainId} needs Chainlink's VRF coordinator (VRF_COORDINATOR)`);
    const m = await deployStep<"vrfCoordinatorV2_5MockAbi">(
      hre,
      journal,
      "vrfCoordinator",
      "VRFCoordinatorV2_5Mock",
      [LOCAL_VRF_MOCK.baseFee, LOCAL_VRF_MOCK.gasPrice, LOCAL_VRF_MOCK.weiPerUnitLink],
      clients,
    );
    mock = m;
    coordinator = m.address;
    subscriptionId = await journal.bigint("vrfSubscriptionId", async () => {
      const created = await journal.call("vrfCreateSubscription", txOf(m, "createSubscription", []));
      const [event] = parseEventLogs({ abi: m.abi, logs: created.logs, eventName: "SubscriptionCreated" });
      return event!.args.subId;
    });
    await journal.call("vrfFundSubscription", txOf(m, "fundSubscription", [subscriptionId, LOCAL_VRF_MOCK.funding]));
  }
  if (!subscriptionId) throw new Error("a VRF coordinator needs its subscription id (VRF_SUBSCRIPTION_ID)");
  const consumer = await deployStep<"lotteryRandomnessAbi">(
    hre,
    journal,
    "lotteryRandomness",
    "LotteryRandomness",
    [
      coordinator,
      game,
      {
        keyHash: vrf.keyHash,
        subscriptionId,
        callbackGasLimit: vrf.callbackGasLimit,
        requestConfirmations: vrf.requestConfirmations,
        nativePayment: vrf.nativePayment,
      },
    ],
    clients,
  );
  // The consumer owns itself from here on: nobody, the deployer included, can move its coordinator.
  await journal.call("lotteryRandomness.seal", txOf(consumer, "seal", []));
  if (mock) await journal.call("vrfAddConsumer", txOf(mock, "addConsumer", [subscriptionId, consumer.address]));
  return { consumer, coordinator: coordinator.toLowerCase() as Address, subscriptionId, keyHash: vrf.keyHash, mock };
}

/**
 * Fulfils `requestId` through the local mock (its word: keccak256(abi.encode(requestId, 0))), with
 * the callback's full gas limit (domain/lottery-local.ts says why not an estimate). Answers the
 * receipt: the fulfilment transaction.
 */
export async function fulfilThroughMock(
  publicClient: PublicClient,
  vrf: LotteryVrf,
  requestId: bigint,
  wallet?: WalletClient,
): Promise<TransactionReceipt> {
  if (!vrf.mock) throw new Error("only the local coordinator mock can be told to fulfil");
  const { callbackGasLimit } = await vrf.consumer.read.terms();
  const gas = BigInt(callbackGasLimit) + VRF_MOCK_FULFIL_OVERHEAD_GAS;
  const mock = wallet ? connect(vrf.mock, wallet, publicClient) : vrf.mock;
  return mined(publicClient, mock.write.fulfillRandomWords([requestId, vrf.consumer.address], { gas }));
}
