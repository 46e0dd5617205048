import type { AdminProduct, CreateProductInput, UpdateProductInput } from "@domain/api/product";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { adminKeys } from "../../api/admin-keys";

export type ProductSave = { id: null; input: CreateProductInput } | { id: number; input: UpdateProductInput };

/** POST admin/product/add, or admin/product/update/{id} (editor); audited. The shop's product lists refresh too. */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: ProductSave) =>
      save.id === null
        ? api.post<AdminProduct>("/admin/product/add", save.input)
        : api.post<AdminProduct>(`/admin/product/update/${save.id}`, save.input),
    onSuccess: () =>
      Promise.all(
        [adminKeys.products, adminKeys.audit, queryKeys.products].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
