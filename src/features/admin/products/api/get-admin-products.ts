import type { AdminProduct } from "@domain/api/product";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { Paged } from "@/types/paged";
import { adminKeys } from "../../api/admin-keys";

export type { AdminProduct } from "@domain/api/product";

export const PRODUCTS_PAGE_SIZE = 10;

/** POST admin/product/list `{page, limit}` (editor): every product, on sale or not, newest first. */
export function useAdminProducts(page: number) {
  const body = { page, limit: PRODUCTS_PAGE_SIZE };
  return useQuery({
    queryKey: [...adminKeys.products, body],
    queryFn: ({ signal }) => api.post<Paged<AdminProduct>>("/admin/product/list", body, { signal }),
    placeholderData: keepPreviousData,
  });
}
