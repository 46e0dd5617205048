import type { Address } from "viem";
import { frontAbi } from "@generated/abi/front";
import { useReadFrontGetBonds } from "@generated/hooks/front";
import { protocolAddress } from "@/lib/protocol/addresses";
import { useNamedReads, type ReadOutcome } from "@/lib/protocol/use-named-reads";
import { priceRefusalOf, type PriceRefusal } from "@/lib/protocol/price-refusal";
import type { BondMarket } from "../utils/bond-market";

export const ETH_BOND = 0;
export const LP_BOND = 1;
const ONE_ETH = 10n ** 18n;

const ok = <T>(r: ReadOutcome<T> | undefined): T | undefined => (r?.status === "success" ? r.result : undefined);

/**
 * Spot and average price, both kinds' terms and their price for 1 ETH, in one batch of reads. Bonds
 * are priced from the average (contracts/oracle/UniswapV2TwapOracle.sol), which may be refused
 * for a while: then the average and the bond prices are null and `refusal` says why.
 */
export function useBondMarket() {
  const front = protocolAddress.front;
  const query = useNamedReads(
    {
      marketPrice: { address: front, abi: frontAbi, functionName: "getPexUSDBPrice" },
      ethTerms: { address: front, abi: frontAbi, functionName: "bondTerms", args: [ETH_BOND] },
      lpTerms: { address: front, abi: frontAbi, functionName: "bondTerms", args: [LP_BOND] },
      averagePrice: { address: front, abi: frontAbi, functionName: "getPexUSDBAveragePrice" },
      ethPreview: { address: front, abi: frontAbi, functionName: "previewBond", args: [ETH_BOND, ONE_ETH] },
      lpPreview: { address: front, abi: frontAbi, functionName: "previewBond", args: [LP_BOND, ONE_ETH] },
    },
    { allowFailure: true, query: { refetchInterval: 30_000 } },
  );
  const d = query.data;
  const marketPrice = ok(d?.marketPrice);
  const ethTerms = ok(d?.ethTerms);
  const lpTerms = ok(d?.lpTerms);
  const averagePrice = ok(d?.averagePrice) ?? null;
  const kind = (terms: readonly bigint[], preview: ReadOutcome<readonly bigint[]> | undefined) => ({
    rateBps: terms[0]!,
    vesting: terms[1]!,
    capacity: terms[2]!,
    bondPrice: ok(preview)?.[1] ?? null,
  });
  const market: BondMarket | undefined =
    marketPrice !== undefined && ethTerms && lpTerms
      ? {
          marketPrice,
          averagePrice,
          refusal: averagePrice === null ? refusalOf(d?.averagePrice) : null,
          eth: kind(ethTerms, d?.ethPreview),
          lp: kind(lpTerms, d?.lpPreview),
        }
      : undefined;
  // The page can show nothing without the spot price and the terms: that is a failed load.
  return { ...query, isError: query.isError || (d !== undefined && !market), market };
}

function refusalOf(r: ReadOutcome<unknown> | undefined): PriceRefusal | null {
  return r?.status === "failure" ? priceRefusalOf(r.error) : null;
}

export type { BondMarket } from "../utils/bond-market";

/** The account's bond notes (Front.getBonds). */
export function useBondNotes(account: Address | undefined) {
  return useReadFrontGetBonds({
    args: account ? [account] : undefined,
    query: { enabled: Boolean(account), refetchInterval: 30_000 },
  });
}
