import type { PayType } from "../../../domain/order-income";

/** What a buyer asks for: one product, paid from the CNY or the USDT balance. */
export interface PlaceOrderInput {
  productId: bigint;
  payType: PayType;
}
