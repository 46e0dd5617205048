import { zeroAddress, type Address } from "viem";
import { pexAbi } from "@generated/abi/pex";
import { spexAbi } from "@generated/abi/spex";
import { useReadSpexGetStakes } from "@generated/hooks/spex";
import { protocolAddress } from "@/lib/protocol/addresses";
import { useNamedReads } from "@/lib/protocol/use-named-reads";

/** Epoch, rate and the account's balances in one batch of reads. */
export function useStakeOverview(account: Address | undefined) {
  const spex = protocolAddress.spex;
  const pex = protocolAddress.pex;
  const query = useNamedReads(
    {
      epoch: { address: spex, abi: spexAbi, functionName: "epoch" },
      nextRebase: { address: spex, abi: spexAbi, functionName: "getNextRebase" },
      denominator: { address: spex, abi: spexAbi, functionName: "RATE_DENOMINATOR" },
      totalStaked: { address: spex, abi: spexAbi, functionName: "totalStakedPrincipal" },
      pexBalance: { address: pex, abi: pexAbi, functionName: "balanceOf", args: [account ?? zeroAddress] },
      spexBalance: { address: spex, abi: spexAbi, functionName: "balanceOf", args: [account ?? zeroAddress] },
    },
    { query: { refetchInterval: 30_000 } },
  );
  const d = query.data;
  return {
    ...query,
    overview: d
      ? {
          epochNumber: d.epoch[0],
          epochEnd: d.epoch[1],
          epochLength: d.epoch[2],
          rewardRate: d.epoch[3],
          nextRebase: d.nextRebase,
          denominator: d.denominator,
          totalStaked: d.totalStaked,
          pexBalance: account ? d.pexBalance : undefined,
          spexBalance: account ? d.spexBalance : undefined,
        }
      : undefined,
  };
}

export type StakeOverview = NonNullable<ReturnType<typeof useStakeOverview>["overview"]>;

/** SPEX.getStakes(user): the stake list, newest first, closed ones included. */
export function useStakes(account: Address | undefined) {
  return useReadSpexGetStakes({
    args: account ? [account] : undefined,
    query: { enabled: Boolean(account), refetchInterval: 30_000 },
  });
}
