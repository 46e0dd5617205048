import type { DeliveryAddress } from "@domain/api/addresses";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { MAX_ADDRESSES_PER_USER } from "@domain/account-limits";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { Paged } from "@/types/paged";

/** POST /base/api/user/user/addr: the user's delivery addresses, default first. */
export type { DeliveryAddress } from "@domain/api/addresses";

/** A user holds at most 20 addresses: one page holds them all. */
export function getAddresses(): Promise<Paged<DeliveryAddress>> {
  return api.post<Paged<DeliveryAddress>>("/user/user/addr", { page: 1, limit: MAX_ADDRESSES_PER_USER });
}

export function addressesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.addresses, queryFn: getAddresses });
}

export function useAddresses() {
  return useQuery(addressesQueryOptions());
}
