import { useQuery } from "@tanstack/react-query";
import { parseEventLogs, type Hash } from "viem";
import { getTransactionReceipt } from "viem/actions";
import { useClient } from "wagmi";
import type { RoundInfo } from "./use-lottery";
import { vrfCoordinatorAddress } from "../utils/game";
import { verifyDraw } from "../utils/verify-draw";

/**
 * The proof of a drawn round, read from its fulfilment transaction: the coordinator's
 * RandomWordsFulfilled event for the round's request (its VRF output), and the recomputed checks.
 * The mock's ABI serves for the event: Chainlink's real coordinator emits the same one. It loads
 * with the first proof asked for, not with the lottery page (1.6 KB gzip of a 14 KB ABI).
 */
export function useDrawEvidence(round: RoundInfo, fulfilTx: Hash | undefined) {
  const client = useClient();
  return useQuery({
    queryKey: ["lottery", "evidence", round.id.toString(), fulfilTx],
    enabled: Boolean(client && fulfilTx),
    staleTime: Infinity,
    queryFn: async () => {
      const [receipt, { vrfCoordinatorV2_5MockAbi }] = await Promise.all([
        getTransactionReceipt(client!, { hash: fulfilTx! }),
        import("@generated/abi/vrf-coordinator-v2-5-mock"),
      ]);
      const fulfilled = parseEventLogs({
        abi: vrfCoordinatorV2_5MockAbi,
        logs: receipt.logs,
        eventName: "RandomWordsFulfilled",
      }).find((log) => log.args.requestId === round.requestId);
      const coordinatorOk =
        fulfilled !== undefined &&
        fulfilled.args.success &&
        vrfCoordinatorAddress !== undefined &&
        fulfilled.address.toLowerCase() === vrfCoordinatorAddress.toLowerCase();
      const checks = verifyDraw({
        word: round.randomness,
        outputSeed: fulfilled?.args.outputSeed ?? 0n,
        totalEntries: round.totalEntries,
        winningNumber: round.winningNumber,
      });
      return {
        coordinator: fulfilled?.address,
        outputSeed: fulfilled?.args.outputSeed,
        coordinatorOk,
        ...checks,
        ok: coordinatorOk && checks.wordOk && checks.numberOk,
      };
    },
  });
}
