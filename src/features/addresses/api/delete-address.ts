import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** POST /base/api/user/delete/addr/{id} with an empty body; deleting the default promotes another. */
export function deleteAddress(id: number): Promise<null> {
  return api.post<null>(`/user/delete/addr/${id}`);
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.addresses }),
  });
}
