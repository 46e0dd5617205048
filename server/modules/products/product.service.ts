import { isAlloyMaterial, alloyMaterialName } from "../../../domain/alloy";
import { formatRatePpm } from "../../../domain/order-income";
import type { AdminProduct, ProductDetail, ProductSummary } from "../../../domain/api/product";
import type { ProductWithStock } from "./product.repository";

export type { AdminProduct, ProductDetail, ProductSummary };

type ProductRow = ProductWithStock;
type SummaryRow = Omit<ProductRow, "description_html" | "sort" | "created_at" | "updated_at">;

function parseImages(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

export function toProductSummary(row: SummaryRow): ProductSummary {
  const material = row.alloy_material == null ? null : Number(row.alloy_material);
  return {
    id: Number(row.id),
    title: row.title,
    images: parseImages(row.images),
    priceCny: BigInt(row.price_cny).toString(),
    priceUsdt: BigInt(row.price_usdt).toString(),
    stock: Number(row.stock),
    dailyRatePpm: Number(row.daily_rate_ppm),
    dailyRate: formatRatePpm(Number(row.daily_rate_ppm)),
    cycleDays: Number(row.cycle_days),
    alloyMaterial: material,
    alloyMaterialName: material !== null && isAlloyMaterial(material) ? alloyMaterialName(material) : null,
    alloyPieces: Number(row.alloy_pieces),
    onSale: row.status === "on_sale",
  };
}

export function toProductDetail(row: ProductRow): ProductDetail {
  return { ...toProductSummary(row), descriptionHtml: row.description_html, descriptionUnsafe: true };
}

export function toAdminProduct(row: ProductRow): AdminProduct {
  return {
    ...toProductDetail(row),
    sort: Number(row.sort),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}
