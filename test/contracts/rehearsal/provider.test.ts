/**
 * The provider end to end on the rehearsal's chain (provider-harness.ts): its deploy from a
 * keystore (and again, reusing everything), a consumer added to its subscription, and its VRF
 * fulfiller answering the project's own `LotteryRandomness` exactly once per request: while
 * running, after a restart with a request waiting, and after a restart with its own fulfilment
 * still unmined.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeAbiParameters, getContract, hexToBigInt, keccak256, parseAbi, parseEventLogs, parseUnits, type Address } from "viem";
import { waitFor, stopChild, type Child } from "../../../scripts/lib/processes";
import { deployEnvironment, readCompleteOutput, type CompleteOutput } from "../../../scripts/rehearsal/provider/output";
import { coordinatorOf } from "../../../scripts/rehearsal/provider/vrf";
import { builtPairInitCodeHash } from "../../../scripts/rehearsal/provider/dex";
import { rehearsalPriceFeedAbi, rehearsalUsdtAbi } from "../../../generated/abis";
import type { Typed } from "../../../scripts/protocol/contracts";
import { hre } from "../support/fixture";
import { startRehearsalChain, type RehearsalChain } from "./provider-harness";

const probeAbi = parseAbi([
  "function setSource(address source)",
  "function request()",
  "function deliveries(uint256 requestId) view returns (uint256)",
  "function words(uint256 requestId) view returns (uint256)",
  "event Requested(uint256 requestId)",
]);
const HOLDER: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
let chain: RehearsalChain;
let output: CompleteOutput;

async function clients() {
  const publicClient = await hre.viem.getPublicClient({ pollingInterval: 100 });
  const [deployer] = await hre.viem.getWalletClients({ pollingInterval: 100 });
  return { publicClient, deployer: deployer! };
}

const nonceOf = async (address: Address, blockTag: "latest" | "pending" = "latest") =>
  (await clients()).publicClient.getTransactionCount({ address, blockTag });

beforeAll(async () => {
  chain = await startRehearsalChain();
}, 180_000);
afterAll(async () => chain?.stop());

describe("rehearsal provider", () => {
  it("deploys from its keystore on chain 97 and writes every address; a rerun reuses them all", async () => {
    const first = await chain.run("deploy", ["--bnb-usd", "612.5", "--holder", `${HOLDER}=1000`]);
    expect(first.code, first.output).toBe(0);
    output = readCompleteOutput(chain.out);
    expect(output.chainId).toBe(97);
    expect(output.provider).toBe(chain.provider);
    expect(deployEnvironment(output)).toMatchObject({ USDT_ADDRESS: output.usdt, UNISWAP_V2_ROUTER: output.router });
    // The DEX's pairs are where the pair's creation code in the build says, as the factory answers.
    expect(output.initCodeHash).toBe(builtPairInitCodeHash());
    const { publicClient } = await clients();
    const usdt = getContract({ abi: rehearsalUsdtAbi, address: output.usdt, client: publicClient });
    expect(await usdt.read.balanceOf([HOLDER])).toBe(parseUnits("1000", 18));
    expect(await usdt.read.decimals()).toBe(18);

    const nonce = await nonceOf(chain.provider);
    const again = await chain.run("deploy", ["--holder", `${HOLDER}=1000`]);
    expect(again.code, again.output).toBe(0);
    expect(readCompleteOutput(chain.out)).toEqual(output);
    expect(await nonceOf(chain.provider)).toBe(nonce);
  }, 180_000);

  it("a wrong password opens nothing and sends nothing", async () => {
    const wrong = `${chain.passwordFile}.wrong`;
    fs.writeFileSync(wrong, "not it\n");
    const nonce = await nonceOf(chain.provider);
    const result = await chain.run("add-consumer", ["--consumer", HOLDER], wrong);
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/password/i);
    expect(await nonceOf(chain.provider)).toBe(nonce);
  }, 60_000);

  let consumer: Address;
  let probe: Awaited<ReturnType<typeof deployConsumer>>["probe"];
  let fulfiller: Child;

  async function deployConsumer() {
    const { publicClient, deployer } = await clients();
    const client = { public: publicClient, wallet: deployer };
    const { address } = await hre.viem.deployContract("RandomnessReceiverProbe", [], { client });
    const probe = getContract({ abi: probeAbi, address, client });
    // Its own clients: hardhat-viem polls a non-local chain id (97) every 4 s by default.
    const randomness = (await hre.viem.deployContract(
      "LotteryRandomness",
      [
        output.vrfCoordinator,
        probe.address,
        {
          keyHash: output.keyHash,
          subscriptionId: BigInt(output.subscriptionId),
          callbackGasLimit: 300_000,
          requestConfirmations: 3,
          nativePayment: false,
        },
      ],
      { client },
    )) as unknown as Typed<"lotteryRandomnessAbi">;
    await publicClient.waitForTransactionReceipt({ hash: await randomness.write.seal() });
    await publicClient.waitForTransactionReceipt({ hash: await probe.write.setSource([randomness.address]) });
    return { probe, randomness };
  }

  /** Asks for a word through the probe: the coordinator's request id and its block. */
  async function request(): Promise<{ id: bigint; block: bigint }> {
    const { publicClient } = await clients();
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await probe.write.request() });
    const [event] = parseEventLogs({ abi: probe.abi, logs: receipt.logs, eventName: "Requested" });
    return { id: event!.args.requestId, block: receipt.blockNumber };
  }

  /** Every RandomWordsFulfilled the coordinator emitted for `id`. */
  async function fulfilments(id: bigint) {
    const { publicClient } = await clients();
    const events = await publicClient.getContractEvents({
      ...coordinatorOf(output.vrfCoordinator),
      eventName: "RandomWordsFulfilled",
      fromBlock: BigInt(output.vrfStartBlock),
    });
    return events.filter((e) => e.args.requestId === id);
  }

  it("adds the project's LotteryRandomness to its subscription, once", async () => {
    ({ probe, randomness: { address: consumer } } = await deployConsumer());
    const added = await chain.run("add-consumer", ["--consumer", consumer]);
    expect(added.code, added.output).toBe(0);
    expect(added.output).toMatch(/added to subscription/);
    const again = await chain.run("add-consumer", ["--consumer", consumer]);
    expect(again.output).toMatch(/already on subscription/);
  }, 60_000);

  it("pushes BNB/USD rounds dated by their block: a new answer, then the same one again", async () => {
    const { publicClient } = await clients();
    const feed = getContract({ abi: rehearsalPriceFeedAbi, address: output.feed, client: publicClient });
    const pushed = await chain.run("update-feed", ["--bnb-usd", "598.25"]);
    expect(pushed.code, pushed.output).toBe(0);
    const [round, answer, , updatedAt] = await feed.read.latestRoundData();
    expect([round, answer]).toEqual([2n, parseUnits("598.25", 8)]);
    const again = await chain.run("update-feed", []);
    expect(again.code, again.output).toBe(0);
    const [round3, answer3, , updatedAt3] = await feed.read.latestRoundData();
    expect([round3, answer3]).toEqual([3n, parseUnits("598.25", 8)]);
    expect(updatedAt3).toBeGreaterThan(updatedAt);
    expect((await publicClient.getBlock()).timestamp - updatedAt3).toBeLessThan(10n);
  }, 60_000);

  it("fulfils a request after its confirmations, exactly once", async () => {
    const sentBefore = await nonceOf(chain.provider);
    fulfiller = chain.start("fulfiller-1", "fulfil-vrf", ["--poll-ms", "200"]);
    const { id, block } = await request();
    await waitFor("the first word", async () => (await probe.read.deliveries([id])) === 1n, 30_000, fulfiller);
    const [event, ...more] = await fulfilments(id);
    expect(more).toEqual([]);
    expect(event!.args.success).toBe(true);
    expect(event!.blockNumber).toBeGreaterThanOrEqual(block + 3n);
    expect(await nonceOf(chain.provider)).toBe(sentBefore + 1);
    // The word is the one the reported output derives, as on BSC: what the lottery page checks.
    const derived = hexToBigInt(keccak256(encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [event!.args.outputSeed!, 0n])));
    expect(await probe.read.words([id])).toBe(derived);
  }, 60_000);

  it("after a restart, fulfils the request that came while it was down", async () => {
    fulfiller.proc.kill("SIGKILL");
    await fulfiller.exited;
    const sentBefore = await nonceOf(chain.provider);
    const { id } = await request();
    await hre.network.provider.send("hardhat_mine", ["0x5"]);
    fulfiller = chain.start("fulfiller-2", "fulfil-vrf", ["--poll-ms", "200"]);
    await waitFor("the word asked while down", async () => (await probe.read.deliveries([id])) === 1n, 30_000, fulfiller);
    expect(await fulfilments(id)).toHaveLength(1);
    expect(await nonceOf(chain.provider)).toBe(sentBefore + 1);
  }, 60_000);

  it("after a restart with its fulfilment unmined, waits for it instead of sending another", async () => {
    const node = hre.network.provider;
    await node.send("evm_setIntervalMining", [0]);
    const sentBefore = await nonceOf(chain.provider);
    const { publicClient } = await clients();
    const hash = await probe.write.request();
    await node.send("evm_mine", []);
    const receipt = await publicClient.getTransactionReceipt({ hash });
    const [event] = parseEventLogs({ abi: probe.abi, logs: receipt.logs, eventName: "Requested" });
    const id = event!.args.requestId;
    await node.send("hardhat_mine", ["0x3"]);
    await waitFor("the fulfilment in the mempool", async () => (await nonceOf(chain.provider, "pending")) === sentBefore + 1, 30_000);
    fulfiller.proc.kill("SIGKILL");
    await fulfiller.exited;

    fulfiller = chain.start("fulfiller-3", "fulfil-vrf", ["--poll-ms", "200"]);
    await waitFor("the restarted fulfiller to see the unmined fulfilment", async () =>
      /waiting for the provider's unmined transactions/.test(chain.log("fulfiller-3")),
    );
    expect(await nonceOf(chain.provider, "pending")).toBe(sentBefore + 1);
    await node.send("evm_setIntervalMining", [1_000]);
    await waitFor("the word", async () => (await probe.read.deliveries([id])) === 1n, 30_000, fulfiller);
    // A few more blocks: the restarted fulfiller has read the fulfilment and sends nothing more.
    const mined = await publicClient.getBlockNumber();
    await waitFor("three more blocks", async () => (await publicClient.getBlockNumber()) >= mined + 3n, 30_000);
    expect(await fulfilments(id)).toHaveLength(1);
    expect(await nonceOf(chain.provider, "pending")).toBe(sentBefore + 1);
    expect(await probe.read.deliveries([id])).toBe(1n);
  }, 90_000);

  it("stops on SIGTERM, and never asked the node to sign", async () => {
    await stopChild(fulfiller, 10_000);
    expect(fulfiller.proc.exitCode).toBe(0);
    expect(chain.log("fulfiller-3")).toMatch(/fulfiller stopped/);
    expect(chain.methods.has("eth_sendRawTransaction")).toBe(true);
    const signing = [...chain.methods].filter((m) => /^(eth_sendTransaction|eth_sign|eth_signTransaction|eth_signTypedData|personal_)/.test(m));
    expect(signing).toEqual([]);
  }, 30_000);
});
