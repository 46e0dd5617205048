import type { Address } from "viem";
import { useReadContracts } from "wagmi";
import { frontAbi } from "@/generated/abis";
import { useReadFrontGetBonds } from "@/generated/contracts";
import { protocolAddress } from "@/lib/protocol/addresses";
import { priceRefusalOf, type PriceRefusal } from "@/lib/protocol/price-refusal";

export const ETH_BOND = 0;
export const LP_BOND = 1;
const ONE_ETH = 10n ** 18n;

type Result<T> = { status: "success"; result: T } | { status: "failure"; error: Error };
const ok = <T>(r: Result<T> | undefined): T | undefined => (r?.status === "success" ? r.result : undefined);

/**
 * Spot and average price, both kinds' terms and their price for 1 ETH, in one multicall. Bonds
 * are priced from the average (contracts/oracle/UniswapV2TwapOracle.sol), which may be refused
 * for a while: then the average and the bond prices are null and `refusal` says why.
 */
export function useBondMarket() {
  const front = protocolAddress.front;
  const query = useReadContracts({
    allowFailure: true,
    contracts: [
      { address: front, abi: frontAbi, functionName: "getPexUSDBPrice" },
      { address: front, abi: frontAbi, functionName: "bondTerms", args: [ETH_BOND] },
      { address: front, abi: frontAbi, functionName: "bondTerms", args: [LP_BOND] },
      { address: front, abi: frontAbi, functionName: "getPexUSDBAveragePrice" },
      { address: front, abi: frontAbi, functionName: "previewBond", args: [ETH_BOND, ONE_ETH] },
      { address: front, abi: frontAbi, functionName: "previewBond", args: [LP_BOND, ONE_ETH] },
    ],
    query: { enabled: Boolean(front), refetchInterval: 30_000 },
  });
  const d = query.data as [Result<bigint>, ...Result<readonly bigint[]>[]] | undefined;
  const marketPrice = ok(d?.[0]);
  const ethTerms = ok(d?.[1]);
  const lpTerms = ok(d?.[2]);
  const averagePrice = ok(d?.[3] as Result<bigint> | undefined) ?? null;
  const kind = (terms: readonly bigint[], preview: Result<readonly bigint[]> | undefined) => ({
    rateBps: terms[0]!,
    vesting: terms[1]!,
    capacity: terms[2]!,
    bondPrice: ok(preview)?.[1] ?? null,
  });
  const market =
    marketPrice !== undefined && ethTerms && lpTerms
      ? {
          marketPrice,
          averagePrice,
          refusal: averagePrice === null ? refusalOf(d?.[3]) : null,
          eth: kind(ethTerms, d?.[4]),
          lp: kind(lpTerms, d?.[5]),
        }
      : undefined;
  // The page can show nothing without the spot price and the terms: that is a failed load.
  return { ...query, isError: query.isError || (d !== undefined && !market), market };
}

function refusalOf(r: Result<unknown> | undefined): PriceRefusal | null {
  return r?.status === "failure" ? priceRefusalOf(r.error) : null;
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
