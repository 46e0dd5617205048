import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OrderDto, PlaceOrderInput } from "@domain/api/order";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The product and the paying balance: 1 = CNY investment balance, 2 = USDT balance (specification §3). */
export type { PlaceOrderInput } from "@domain/api/order";

/** The order as the server answers it; amounts are minor units as decimal strings. */
export type Order = OrderDto;

/** POST /base/api/home/order `{productId, payType}`. */
export function placeOrder(input: PlaceOrderInput): Promise<Order> {
  return api.post<Order>("/home/order", input);
}

/**
 * Buys one product. A purchase changes the balances (user info), the product's stock, the
 * alloy pieces and the earnings: all four are refreshed.
 */
export function usePlaceOrder({ onSuccess }: { onSuccess?: (order: Order) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: async (order) => {
      onSuccess?.(order);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.user }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products }),
        queryClient.invalidateQueries({ queryKey: queryKeys.alloy }),
        queryClient.invalidateQueries({ queryKey: queryKeys.earnings }),
      ]);
    },
  });
}
