import type { Selectable } from "kysely";
import { isAlloyMaterial, alloyMaterialName } from "../../../domain/alloy";
import { formatRatePpm } from "../../../domain/order-income";
import type { ProductsTable } from "../../db/schema";

type ProductRow = Selectable<ProductsTable>;
type SummaryRow = Omit<ProductRow, "description_html" | "sort" | "created_at" | "updated_at">;

/** A product in the home list. Prices are minor units as decimal strings: CNY fen, micro-USDT. */
export interface ProductSummary {
  id: number;
  title: string;
  images: string[];
  priceCny: string;
  priceUsdt: string;
  stock: number;
  /** Daily return in parts per million (12000 = 1.2 %), and the same ready to show. */
  dailyRatePpm: number;
  dailyRate: string;
  cycleDays: number;
  alloyMaterial: number | null;
  alloyMaterialName: string | null;
  alloyPieces: number;
  onSale: boolean;
}

/** The detail adds the description HTML, kept as written: the client must sanitise it. */
export interface ProductDetail extends ProductSummary {
  descriptionHtml: string;
  descriptionUnsafe: true;
}

export interface AdminProduct extends ProductDetail {
  sort: number;
  createdAt: number;
  updatedAt: number;
}

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
