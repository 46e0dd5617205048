import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ProductDetail } from "@domain/api/product";
import { type Api, apiOf } from "@/lib/api-of-client";
import { queryKeys } from "@/lib/query-keys";
import { productDetailPath } from "./paths";

/** The detail adds the description HTML, kept as written: it is rendered only sanitised. */
export type { ProductDetail };

/** POST /base/api/home/product/{id} (public). */
export function getProduct(api: Api, { id, signal }: { id: number; signal?: AbortSignal }): Promise<ProductDetail> {
  return api.post<ProductDetail>(productDetailPath(id), {}, { signal });
}

export function productQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...queryKeys.products, "detail", id],
    queryFn: ({ signal, client }) => getProduct(apiOf(client), { id, signal }),
  });
}

export function useProduct(id: number | null) {
  return useQuery({ ...productQueryOptions(id ?? 0), enabled: id !== null });
}
