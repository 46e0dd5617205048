/**
 * The rehearsal chain's VRF v2.5 service: Chainlink's `VRFCoordinatorV2_5Mock` with one
 * subscription that the provider's account owns and funds, as a project on BNB Smart Chain would
 * find Chainlink's coordinator and open a subscription there. The fulfiller (fulfiller.ts) plays
 * Chainlink's node.
 */
import { keccak256, parseEther, parseEventLogs, parseUnits, toHex, type Address, type Hex } from "viem";
import { coordinatorBuild } from "./builds";
import type { ProviderOutput } from "./output";
import type { ProviderSigner } from "./signer";

/**
 * The mock's fee model, in BNB: a request costs 0.002 BNB plus its fulfilment's gas at 1 gwei,
 * charged in LINK at 0.025 BNB per LINK, to a subscription credited with 1,000,000 LINK (the mock
 * credits it without a token). The numbers only keep the subscription's balance moving plausibly.
 */
export const REHEARSAL_VRF_FEES = {
  baseFee: parseEther("0.002"),
  gasPrice: parseUnits("1", 9),
  weiPerUnitLink: parseEther("0.025"),
  funding: parseEther("1000000"),
} as const;

/** The key (gas lane) the fulfiller answers for, unless the deploy is given another. */
export const DEFAULT_KEY_HASH: Hex = keccak256(toHex("pex rehearsal VRF key"));

export type Vrf = Required<Pick<ProviderOutput, "vrfCoordinator" | "vrfStartBlock" | "subscriptionId" | "keyHash">>;

export function coordinatorOf(address: Address) {
  return { abi: coordinatorBuild().abi, address };
}

/** Deploys the coordinator and opens and funds the subscription, as far as `existing` lacks them. */
export async function deployVrf(
  signer: ProviderSigner,
  existing: Partial<Vrf>,
  keyHash: Hex | undefined,
  save: (found: Partial<Vrf>) => void,
): Promise<Vrf> {
  if (existing.keyHash && keyHash && existing.keyHash !== keyHash)
    throw new Error(`the recorded VRF key hash is ${existing.keyHash}, not ${keyHash}`);
  const vrfKeyHash = existing.keyHash ?? keyHash ?? DEFAULT_KEY_HASH;
  let { vrfCoordinator, vrfStartBlock } = existing;
  if (!vrfCoordinator || vrfStartBlock === undefined) {
    const { baseFee, gasPrice, weiPerUnitLink } = REHEARSAL_VRF_FEES;
    const deployed = await signer.deploy("VRFCoordinatorV2_5Mock", coordinatorBuild(), [baseFee, gasPrice, weiPerUnitLink]);
    vrfCoordinator = deployed.address;
    vrfStartBlock = Number(deployed.blockNumber);
    save({ vrfCoordinator, vrfStartBlock, keyHash: vrfKeyHash });
  }
  const coordinator = coordinatorOf(vrfCoordinator);
  let subscriptionId = existing.subscriptionId;
  if (!subscriptionId) {
    const receipt = await signer.write(coordinator, "createSubscription", []);
    const [created] = parseEventLogs({ abi: coordinator.abi, logs: receipt.logs, eventName: "SubscriptionCreated" });
    if (!created) throw new Error("createSubscription emitted no SubscriptionCreated");
    subscriptionId = created.args.subId.toString();
    save({ subscriptionId });
  }
  const subId = BigInt(subscriptionId);
  const [balance, , , owner] = await signer.publicClient.readContract({
    ...coordinator,
    functionName: "getSubscription",
    args: [subId],
  });
  if (owner.toLowerCase() !== signer.account.address.toLowerCase())
    throw new Error(`subscription ${subscriptionId} belongs to ${owner}, not to the provider ${signer.account.address}`);
  // Funded once: a rerun does not top up a subscription that requests have drawn on.
  if (balance === 0n) await signer.write(coordinator, "fundSubscription", [subId, REHEARSAL_VRF_FEES.funding]);
  return { vrfCoordinator, vrfStartBlock, subscriptionId, keyHash: vrfKeyHash };
}

/** Lets `consumer` request words on the provider's subscription (a no-op when it already may). */
export async function addConsumer(signer: ProviderSigner, vrf: Vrf, consumer: Address): Promise<boolean> {
  const coordinator = coordinatorOf(vrf.vrfCoordinator);
  const subId = BigInt(vrf.subscriptionId);
  const added = await signer.publicClient.readContract({
    ...coordinator,
    functionName: "consumerIsAdded",
    args: [subId, consumer],
  });
  if (added) return false;
  await signer.write(coordinator, "addConsumer", [subId, consumer]);
  return true;
}
