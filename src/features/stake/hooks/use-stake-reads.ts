import type { Address } from "viem";
import { useReadContracts } from "wagmi";
import { pexAbi, spexAbi } from "@/generated/abis";
import { useReadSpexGetStakes } from "@/generated/contracts";
import { protocolAddress } from "@/lib/protocol/addresses";

/** Epoch, rate and the account's balances in one multicall. */
export function useStakeOverview(account: Address | undefined) {
  const spex = protocolAddress.spex;
  const pex = protocolAddress.pex;
  const query = useReadContracts({
    allowFailure: false,
    contracts: [
      { address: spex, abi: spexAbi, functionName: "epoch" },
      { address: spex, abi: spexAbi, functionName: "getNextRebase" },
      { address: spex, abi: spexAbi, functionName: "RATE_DENOMINATOR" },
      { address: spex, abi: spexAbi, functionName: "totalStakedPrincipal" },
      { address: pex, abi: pexAbi, functionName: "balanceOf", args: [account ?? "0x0000000000000000000000000000000000000000"] },
      { address: spex, abi: spexAbi, functionName: "balanceOf", args: [account ?? "0x0000000000000000000000000000000000000000"] },
    ],
    query: { enabled: Boolean(spex && pex), refetchInterval: 30_000 },
  });
  const d = query.data;
  return {
    ...query,
    overview: d
      ? {
          epochNumber: d[0][0],
          epochEnd: d[0][1],
          epochLength: d[0][2],
          rewardRate: d[0][3],
          nextRebase: d[1],
          denominator: d[2],
          totalStaked: d[3],
          pexBalance: account ? d[4] : undefined,
          spexBalance: account ? d[5] : undefined,
        }
      : undefined,
  };
}

export type StakeOverview = NonNullable<ReturnType<typeof useStakeOverview>["overview"]>;

/** SPEX.getStakes(user): the stake list, newest first, closed ones included. */
export function useStakes(account: Address | undefined) {
  return useReadSpexGetStakes({
    address: protocolAddress.spex,
    args: account ? [account] : undefined,
    query: { enabled: Boolean(account && protocolAddress.spex), refetchInterval: 30_000 },
  });
}
