/**
 * Chainlink's VRF node, played on the rehearsal's chain: it reads the coordinator's
 * `RandomWordsRequested` events for its key hash and, once a request's block has the
 * confirmations the request asked for, answers it with the words a VRF output derives, word i
 * = keccak256(abi.encode(output, i)) as Chainlink's coordinator computes them. The mock reports
 * the request id as the output (`RandomWordsFulfilled.outputSeed`), so the words are derived from
 * it: the lottery page's check of a draw (word = keccak256(output, 0)) then holds here as it does
 * on BSC. Such words are known once the draw is requested, when a round's entries are closed; a
 * real node's output is not known before its proof.
 *
 * Never twice, across restarts: the pending requests are rebuilt from the chain's events (every
 * request since the coordinator's deployment, less every `RandomWordsFulfilled`), never from
 * memory; nothing is sent while a transaction of the provider's account is still unmined (a
 * fulfilment sent just before a restart is mined, and its event read, first); and each
 * fulfilment is simulated just before it is signed (the coordinator refuses a request it no
 * longer holds).
 */
import { encodeAbiParameters, hexToBigInt, keccak256, type Address } from "viem";
import { VRF_MOCK_FULFIL_OVERHEAD_GAS } from "../../../domain/lottery-local";
import { revertErrorName } from "../../protocol/contracts";
import type { CompleteOutput } from "./output";
import type { ProviderSigner } from "./signer";
import { coordinatorOf } from "./vrf";

interface Request {
  requestId: bigint;
  blockNumber: bigint;
  confirmations: number;
  callbackGasLimit: number;
  numWords: number;
  consumer: Address;
  /** After a failed fulfilment: the block before which it is not tried again. */
  retryAt?: bigint;
}

export interface FulfillerOptions {
  /** Milliseconds between two looks at the chain. */
  pollMs?: number;
  /** Blocks per `eth_getLogs` (public RPCs cap the range). */
  logRange?: bigint;
  signal?: AbortSignal;
  log?: (line: string) => void;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/** Each word 256 bits from the operating system's generator, as unpredictable as a VRF output. */
function wordsOf(output: bigint, count: number): bigint[] {
  return Array.from({ length: count }, (_, i) =>
    hexToBigInt(keccak256(encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [output, BigInt(i)]))),
  );
}

export async function runFulfiller(signer: ProviderSigner, vrf: CompleteOutput, opts: FulfillerOptions = {}): Promise<void> {
  const { publicClient, account } = signer;
  const { pollMs = 1_000, logRange = 2_000n, signal, log = console.log } = opts;
  const coordinator = coordinatorOf(vrf.vrfCoordinator);
  const pending = new Map<bigint, Request>();
  let scanned = BigInt(vrf.vrfStartBlock) - 1n;

  /** Whether a transaction of the provider's account is sent but not mined. */
  const ownInFlight = async () =>
    (await publicClient.getTransactionCount({ address: account.address, blockTag: "pending" })) >
    (await publicClient.getTransactionCount({ address: account.address, blockTag: "latest" }));

  /** Reads the coordinator's events from the last block read up to `head`. */
  async function scan(head: bigint): Promise<void> {
    while (scanned < head) {
      const fromBlock = scanned + 1n;
      const toBlock = head - fromBlock >= logRange ? fromBlock + logRange - 1n : head;
      const logs = await publicClient.getContractEvents({
        ...coordinator,
        eventName: undefined,
        fromBlock,
        toBlock,
        strict: true,
      });
      for (const event of logs) {
        if (event.eventName === "RandomWordsRequested") {
          const a = event.args;
          if (a.keyHash.toLowerCase() !== vrf.keyHash.toLowerCase()) {
            // Chainlink's nodes answer only their own keys: a request for another waits forever there too.
            log(`request ${a.requestId} names key hash ${a.keyHash}, not ours (${vrf.keyHash}): left unanswered`);
            continue;
          }
          pending.set(a.requestId, {
            requestId: a.requestId,
            blockNumber: event.blockNumber,
            confirmations: a.minimumRequestConfirmations,
            callbackGasLimit: a.callbackGasLimit,
            numWords: a.numWords,
            consumer: a.sender,
          });
          log(
            `request ${a.requestId} from ${a.sender} in block ${event.blockNumber} (${a.minimumRequestConfirmations} confirmations)`,
          );
        } else if (event.eventName === "RandomWordsFulfilled") {
          if (pending.delete(event.args.requestId))
            log(`request ${event.args.requestId} fulfilled in block ${event.blockNumber}`);
        }
      }
      scanned = toBlock;
    }
  }

  async function fulfil(request: Request, head: bigint): Promise<void> {
    const words = wordsOf(request.requestId, request.numWords);
    // The callback's whole limit plus the coordinator's own work, never an estimate (see
    // VRF_MOCK_FULFIL_OVERHEAD_GAS: a starved callback fails without failing the fulfilment).
    const gas = BigInt(request.callbackGasLimit) + VRF_MOCK_FULFIL_OVERHEAD_GAS + 5_000n * BigInt(request.numWords);
    try {
      const receipt = await signer.write(
        coordinator,
        "fulfillRandomWordsWithOverride",
        [request.requestId, request.consumer, words],
        { gas },
      );
      pending.delete(request.requestId);
      log(`fulfilled request ${request.requestId} in ${receipt.transactionHash} (block ${receipt.blockNumber})`);
    } catch (err) {
      if (revertErrorName(err) === "InvalidRequest") {
        // Someone else's fulfilment got there first: its event removes the request on the next scan.
        log(`request ${request.requestId} is no longer pending at the coordinator`);
        request.retryAt = head + 1n;
      } else {
        request.retryAt = head + 10n;
        log(
          `request ${request.requestId} not fulfilled, retrying in 10 blocks: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`,
        );
      }
    }
  }

  log(`fulfilling requests for key ${vrf.keyHash} on coordinator ${vrf.vrfCoordinator} from block ${vrf.vrfStartBlock}`);
  while (!signal?.aborted) {
    try {
      const head = await publicClient.getBlockNumber();
      await scan(head);
      const due = [...pending.values()]
        .filter((r) => head >= r.blockNumber + BigInt(r.confirmations) && (r.retryAt === undefined || head >= r.retryAt))
        .sort((a, b) => (a.requestId < b.requestId ? -1 : 1));
      if (due.length && (await ownInFlight())) log("waiting for the provider's unmined transactions before fulfilling");
      else for (const request of due) if (!signal?.aborted) await fulfil(request, head);
    } catch (err) {
      // The node may be restarting or the network down: try again on the next look.
      log(`chain unreachable: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`);
    }
    await sleep(pollMs, signal);
  }
  log("fulfiller stopped");
}
