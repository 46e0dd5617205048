import { useQuery } from "@tanstack/react-query";
import deployments from "virtual:deployments";
import type { Address, Hash } from "viem";
import { getBlock, getContractEvents } from "viem/actions";
import { useBlockNumber, useClient } from "wagmi";
import { daoAbi } from "@generated/abi/dao";
import { protocolAddress } from "@/lib/protocol/addresses";

export interface TimelineStep {
  kind: "created" | "signed" | "executed";
  actor: Address | null;
  signatures: bigint | null;
  time: bigint;
  hash: Hash;
}

/** A proposal's signer timeline from the DAO's events: created → each signature → executed. */
export function useProposalTimeline(random: bigint, enabled: boolean) {
  const client = useClient();
  const { data: block } = useBlockNumber({ watch: enabled });
  return useQuery({
    queryKey: ["boardroom", "timeline", random.toString(), block?.toString()],
    enabled: Boolean(enabled && client && protocolAddress.dao),
    placeholderData: (previous) => previous,
    queryFn: async (): Promise<TimelineStep[]> => {
      const common = {
        address: protocolAddress.dao!,
        abi: daoAbi,
        args: { random },
        fromBlock: BigInt(deployments?.startBlock ?? 0),
      } as const;
      const [created, signed, executed] = await Promise.all([
        getContractEvents(client!, { ...common, eventName: "ProposalCreated" }),
        getContractEvents(client!, { ...common, eventName: "ProposalSigned" }),
        getContractEvents(client!, { ...common, eventName: "ProposalExecuted" }),
      ]);
      const logs = [...created, ...signed, ...executed].sort((a, b) =>
        a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
      );
      const times = new Map<bigint, bigint>();
      await Promise.all(
        [...new Set(logs.map((l) => l.blockNumber))].map(async (n) =>
          times.set(n, (await getBlock(client!, { blockNumber: n })).timestamp),
        ),
      );
      return logs.map((l) => {
        const time = times.get(l.blockNumber) ?? 0n;
        if (l.eventName === "ProposalCreated")
          return { kind: "created", actor: l.args.creator ?? null, signatures: null, time, hash: l.transactionHash };
        if (l.eventName === "ProposalSigned")
          return {
            kind: "signed",
            actor: l.args.director ?? null,
            signatures: l.args.signatures ?? null,
            time,
            hash: l.transactionHash,
          };
        return { kind: "executed", actor: null, signatures: null, time, hash: l.transactionHash };
      });
    },
  });
}
