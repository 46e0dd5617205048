import type { Address } from "viem";
import { useReadContracts } from "wagmi";
import { frontAbi } from "@/generated/abis";
import { useReadFrontGetBonds } from "@/generated/contracts";
import { protocolAddress } from "@/lib/protocol/addresses";

export const ETH_BOND = 0;
export const LP_BOND = 1;
const ONE_ETH = 10n ** 18n;

/** Market price, both kinds' terms and their price for 1 ETH, in one multicall. */
export function useBondMarket() {
  const front = protocolAddress.front;
  const query = useReadContracts({
    allowFailure: false,
    contracts: [
      { address: front, abi: frontAbi, functionName: "getPexUSDBPrice" },
      { address: front, abi: frontAbi, functionName: "bondTerms", args: [ETH_BOND] },
      { address: front, abi: frontAbi, functionName: "bondTerms", args: [LP_BOND] },
      { address: front, abi: frontAbi, functionName: "previewBond", args: [ETH_BOND, ONE_ETH] },
      { address: front, abi: frontAbi, functionName: "previewBond", args: [LP_BOND, ONE_ETH] },
    ],
    query: { enabled: Boolean(front), refetchInterval: 30_000 },
  });
  const d = query.data;
  const kind = (terms: readonly [bigint, bigint, bigint], preview: readonly [bigint, bigint]) => ({
    rateBps: terms[0],
    vesting: terms[1],
    capacity: terms[2],
    bondPrice: preview[1],
  });
  return { ...query, market: d ? { marketPrice: d[0], eth: kind(d[1], d[3]), lp: kind(d[2], d[4]) } : undefined };
}

export type BondMarket = NonNullable<ReturnType<typeof useBondMarket>["market"]>;

/** The account's bond notes (Front.getBonds). */
export function useBondNotes(account: Address | undefined) {
  return useReadFrontGetBonds({
    address: protocolAddress.front,
    args: account ? [account] : undefined,
    query: { enabled: Boolean(account && protocolAddress.front), refetchInterval: 30_000 },
  });
}
