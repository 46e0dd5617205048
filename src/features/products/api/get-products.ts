import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { ProductSummary } from "@domain/api/product";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { Paged } from "@/types/paged";

export type { ProductSummary };

/** Specification §9: page size 10. */
export const PRODUCT_PAGE_SIZE = 10;

/** GET /base/api/home/product/list?page&limit (public). */
export function getProducts({ page, signal }: { page: number; signal?: AbortSignal }): Promise<Paged<ProductSummary>> {
  return api.get<Paged<ProductSummary>>(`/home/product/list?page=${page}&limit=${PRODUCT_PAGE_SIZE}`, { signal });
}

export function productsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.products, "list"],
    queryFn: ({ pageParam, signal }) => getProducts({ page: pageParam, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
}

export function useProducts() {
  return useInfiniteQuery(productsQueryOptions());
}
