import type { settlementRunReply } from "@domain/api/operator";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { adminKeys } from "../../api/admin-keys";

export type SettlementTotals = z.infer<typeof settlementRunReply>;

/** POST admin/settlement/run (treasurer): one settlement pass now (safe to repeat: each order's day is credited once); audited. */
export function useRunSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SettlementTotals>("/admin/settlement/run", {}),
    onSuccess: () =>
      Promise.all([adminKeys.audit, adminKeys.users].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
