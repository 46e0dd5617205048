import { useQuery } from "@tanstack/react-query";
import { decodeFunctionData, type Hash, type Hex } from "viem";
import { usePublicClient } from "wagmi";
import { gameAbi } from "@/generated/abis";
import type { RoundInfo } from "./use-lottery";
import { verifyDraw } from "../utils/verify-draw";

/**
 * The randomness source of a drawn round, read from the chain: the seed the operator revealed
 * (the drawWinner call's input), the draw block's hash, and the recomputed checks.
 */
export function useDrawEvidence(round: RoundInfo, drawTx: Hash | undefined) {
  const client = usePublicClient();
  return useQuery({
    queryKey: ["lottery", "evidence", round.id.toString(), drawTx],
    enabled: Boolean(client && drawTx),
    staleTime: Infinity,
    queryFn: async () => {
      const [tx, block] = await Promise.all([
        client!.getTransaction({ hash: drawTx! }),
        client!.getBlock({ blockNumber: round.drawBlock }),
      ]);
      const call = decodeFunctionData({ abi: gameAbi, data: tx.input });
      const seed = (call.functionName === "drawWinner" ? call.args[1] : "0x") as Hex;
      const checks = verifyDraw({
        round: round.id,
        seed,
        commitment: round.commitment,
        drawBlockHash: block.hash,
        randomness: round.randomness,
        totalEntries: round.totalEntries,
        winningNumber: round.winningNumber,
      });
      return { seed, drawBlockHash: block.hash, ...checks };
    },
  });
}
