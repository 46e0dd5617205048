import type { ProductSummary } from "@domain/api/product";

/** A product on sale as the API lists it (GET home/product/list); `overrides` for what a test varies. */
export function productSummary(id: number, overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id,
    title: `铜 ${id}`,
    images: ["/demo/products/copper.svg"],
    priceCny: "19900",
    priceUsdt: "28000000",
    stock: 10,
    dailyRatePpm: 8000,
    dailyRate: "0.80%",
    cycleDays: 180,
    alloyMaterial: 1,
    alloyMaterialName: "合金原料1号",
    alloyPieces: 2,
    onSale: true,
    ...overrides,
  };
}
