import type { Address } from "viem";
import { useReadContract, useReadContracts } from "wagmi";
import { daoAbi } from "@/generated/abis";
import { protocolAddress } from "@/lib/protocol/addresses";

const ZERO = "0x0000000000000000000000000000000000000000" as const;
export const PROPOSALS_PAGE_SIZE = 10;

/** The boardroom in one multicall: terms, directors, required signatures, proposal count, seats, and the account's node and seniority. */
export function useBoardroom(account: Address | undefined) {
  const dao = protocolAddress.dao;
  const query = useReadContracts({
    allowFailure: false,
    contracts: [
      { address: dao, abi: daoAbi, functionName: "boardroomTerms" },
      { address: dao, abi: daoAbi, functionName: "directors" },
      { address: dao, abi: daoAbi, functionName: "requiredSignatures" },
      { address: dao, abi: daoAbi, functionName: "proposalCount" },
      { address: dao, abi: daoAbi, functionName: "getNodeInfo", args: [account ?? ZERO] },
      { address: dao, abi: daoAbi, functionName: "seniorityOf", args: [account ?? ZERO] },
      { address: dao, abi: daoAbi, functionName: "seniorityTerms" },
      { address: dao, abi: daoAbi, functionName: "MAX_DIRECTORS" },
      { address: dao, abi: daoAbi, functionName: "seniorDirectorCount" },
    ],
    query: { enabled: Boolean(dao), refetchInterval: 15_000 },
  });
  const d = query.data;
  return {
    ...query,
    boardroom: d
      ? {
          threshold: d[0][0],
          proposalDuration: d[0][1],
          directors: d[1],
          required: d[2],
          proposalCount: d[3],
          node: account ? d[4] : undefined,
          seniority: account ? d[5] : undefined,
          seniorityPeriod: d[6][0],
          maxDirectors: d[7],
          seniorDirectors: d[8],
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
      args: [p.random, account ?? ZERO] as const,
    })),
    query: { enabled: Boolean(dao && account && list.data?.length) },
  });
  return { ...list, signed: signed.data as boolean[] | undefined };
}
