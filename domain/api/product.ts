import { z } from "zod";
import { MAX_DAILY_RATE_PPM } from "../order-income";
import { amountString } from "./envelope";

/* Products: `home/product/list`, `home/product/{id}` and the operator's `admin/product/*`. */

/** A product in the home list. Prices are minor units as decimal strings: CNY fen, micro-USDT. */
export const productSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  images: z.array(z.string()),
  priceCny: amountString,
  priceUsdt: amountString,
  stock: z.number().int(),
  /** Daily return in parts per million (12000 = 1.2 %), and the same ready to show. */
  dailyRatePpm: z.number().int(),
  dailyRate: z.string(),
  cycleDays: z.number().int(),
  alloyMaterial: z.number().int().nullable(),
  alloyMaterialName: z.string().nullable(),
  alloyPieces: z.number().int(),
  onSale: z.boolean(),
});
export type ProductSummary = z.infer<typeof productSummary>;

/** The detail adds the description HTML, kept as written: the client must sanitise it. */
export const productDetail = productSummary.extend({
  descriptionHtml: z.string(),
  descriptionUnsafe: z.literal(true),
});
export type ProductDetail = z.infer<typeof productDetail>;

/** What the operator sees of a product: the detail, its place in the list and its times. */
export const adminProduct = productDetail.extend({
  sort: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type AdminProduct = z.infer<typeof adminProduct>;

/** A price in minor units as a decimal string (never a float): CNY fen or micro-USDT. */
const minorAmount = (name: string) =>
  z.string().regex(/^[1-9][0-9]{0,17}$/, `${name} must be a positive whole number of minor units, as a string`);

/** A site path (`/demo/products/x.svg`) or an https URL; nothing that could run script. */
const imageUrl = z
  .string()
  .max(512)
  .refine(
    (v) => (/^\/[A-Za-z0-9/_\-.]+$/.test(v) && !v.includes("..")) || /^https:\/\/[^\s"'<>]+$/.test(v),
    "image must be a site path or an https URL",
  );

const fields = {
  title: z.string().trim().min(1, "title is required").max(128),
  images: z.array(imageUrl).min(1, "at least one image").max(10),
  descriptionHtml: z.string().max(100_000),
  priceCny: minorAmount("priceCny"),
  priceUsdt: minorAmount("priceUsdt"),
  stock: z.number().int().min(0).max(1_000_000_000),
  dailyRatePpm: z.number().int().min(0).max(MAX_DAILY_RATE_PPM),
  cycleDays: z.number().int().min(1).max(3650),
  alloyMaterial: z.number().int().min(1).max(5).nullable(),
  alloyPieces: z.number().int().min(0).max(1_000_000),
  onSale: z.boolean(),
  sort: z.number().int().min(-1_000_000).max(1_000_000),
};

const alloyConsistent = (p: { alloyMaterial?: number | null; alloyPieces?: number }) =>
  !(p.alloyPieces && p.alloyPieces > 0 && p.alloyMaterial == null);
const alloyMessage = { message: "alloyPieces needs an alloyMaterial (1..5)", path: ["alloyMaterial"] };

/** POST admin/product/add. */
export const createProductBody = z
  .strictObject({
    ...fields,
    descriptionHtml: fields.descriptionHtml.default(""),
    alloyMaterial: fields.alloyMaterial.default(null),
    alloyPieces: fields.alloyPieces.default(0),
    onSale: fields.onSale.default(true),
    sort: fields.sort.default(0),
  })
  .refine(alloyConsistent, alloyMessage);

/**
 * POST admin/product/update/{id}: an edit names only what changes. Whether the alloy pair stays
 * consistent is checked against the stored row.
 */
export const updateProductBody = z
  .strictObject(z.object(fields).partial().shape)
  .refine((p) => Object.keys(p).length > 0, "nothing to change");

export type CreateProductInput = z.infer<typeof createProductBody>;
export type UpdateProductInput = z.infer<typeof updateProductBody>;
