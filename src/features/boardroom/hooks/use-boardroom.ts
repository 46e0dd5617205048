import { zeroAddress, type Address } from "viem";
import { useReadContract, useReadContracts } from "wagmi";
import { daoAbi } from "@generated/abi/dao";
import { protocolAddress } from "@/lib/protocol/addresses";
import { useNamedReads } from "@/lib/protocol/use-named-reads";

export const PROPOSALS_PAGE_SIZE = 10;

/** The boardroom in one batch of reads: terms, directors, required signatures, proposal count, seats, and the account's node and seniority. */
export function useBoardroom(account: Address | undefined) {
  const dao = protocolAddress.dao;
  const query = useNamedReads(
    {
      terms: { address: dao, abi: daoAbi, functionName: "boardroomTerms" },
      directors: { address: dao, abi: daoAbi, functionName: "directors" },
      required: { address: dao, abi: daoAbi, functionName: "requiredSignatures" },
      proposalCount: { address: dao, abi: daoAbi, functionName: "proposalCount" },
      node: { address: dao, abi: daoAbi, functionName: "getNodeInfo", args: [account ?? zeroAddress] },
      seniority: { address: dao, abi: daoAbi, functionName: "seniorityOf", args: [account ?? zeroAddress] },
      seniorityTerms: { address: dao, abi: daoAbi, functionName: "seniorityTerms" },
      maxDirectors: { address: dao, abi: daoAbi, functionName: "MAX_DIRECTORS" },
      seniorDirectors: { address: dao, abi: daoAbi, functionName: "seniorDirectorCount" },
    },
    { query: { refetchInterval: 15_000 } },
  );
  const d = query.data;
  return {
    ...query,
    boardroom: d
      ? {
          threshold: d.terms[0],
          proposalDuration: d.terms[1],
          directors: d.directors,
          required: d.required,
          proposalCount: d.proposalCount,
          node: account ? d.node : undefined,
          seniority: account ? d.seniority : undefined,
          seniorityPeriod: d.seniorityTerms[0],
          maxDirectors: d.maxDirectors,
          seniorDirectors: d.seniorDirectors,
        }
      : undefined,
  };
}

export type Boardroom = NonNullable<ReturnType<typeof useBoardroom>["boardroom"]>;

/** One page of proposals, newest first, with whether `account` signed each. */
export function useProposals(page: number, account: Address | undefined) {
  const dao = protocolAddress.dao;
  const list = useReadContract({
    address: dao,
    abi: daoAbi,
    functionName: "getProposals",
    args: [BigInt((page - 1) * PROPOSALS_PAGE_SIZE), BigInt(PROPOSALS_PAGE_SIZE)],
    query: { enabled: Boolean(dao), refetchInterval: 15_000 },
  });
  const signed = useReadContracts({
    allowFailure: false,
    contracts: (list.data ?? []).map((p) => ({
      address: dao,
      abi: daoAbi,
      functionName: "hasSigned" as const,
      args: [p.random, account ?? zeroAddress] as const,
    })),
    query: { enabled: Boolean(dao && account && list.data?.length) },
  });
  return { ...list, signed: signed.data as boolean[] | undefined };
}
