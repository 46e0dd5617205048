import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { ProductSummary } from "@domain/api/product";
import { type Api, apiOf } from "@/lib/api-of-client";
import { queryKeys } from "@/lib/query-keys";
import type { Paged } from "@/types/paged";
import { productListPath } from "./paths";

export type { ProductSummary };
export { PRODUCT_PAGE_SIZE } from "./paths";

/** GET /base/api/home/product/list?page&limit (public). */
export function getProducts(api: Api, { page, signal }: { page: number; signal?: AbortSignal }): Promise<Paged<ProductSummary>> {
  return api.get<Paged<ProductSummary>>(productListPath(page), { signal });
}

export function productsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.products, "list"],
    queryFn: ({ pageParam, signal, client }) => getProducts(apiOf(client), { page: pageParam, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
}

export function useProducts() {
  return useInfiniteQuery(productsQueryOptions());
}
