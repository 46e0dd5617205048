import type { Kysely, Updateable } from "kysely";
import type { CreateProductInput, UpdateProductInput } from "../../../domain/api/product";
import type { Database, ProductsTable } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import type { Audit } from "../operators/audit";
import { invalidateProductList } from "./product-list-cache";
import { findProductById, insertProduct, updateProduct } from "./product.repository";
import { toAdminProduct, type AdminProduct } from "./product.service";

/** Creates a product, audited in the same transaction. */
export async function createProduct(
  db: Kysely<Database>,
  input: CreateProductInput,
  audit: Audit,
  now = Date.now(),
): Promise<AdminProduct> {
  const created = await db.transaction().execute(async (trx) => {
    const product = toAdminProduct(await insertProductRow(trx, input, now));
    await audit(trx, { action: "product.create", target: `product:${product.id}`, after: product });
    return product;
  });
  invalidateProductList(db);
  return created;
}

function insertProductRow(db: Kysely<Database>, input: CreateProductInput, now: number) {
  return insertProduct(db, {
    title: input.title,
    images: JSON.stringify(input.images),
    description_html: input.descriptionHtml,
    price_cny: BigInt(input.priceCny),
    price_usdt: BigInt(input.priceUsdt),
    stock: input.stock,
    daily_rate_ppm: input.dailyRatePpm,
    cycle_days: input.cycleDays,
    alloy_material: input.alloyMaterial,
    alloy_pieces: input.alloyPieces,
    status: input.onSale ? "on_sale" : "off_sale",
    sort: input.sort,
    created_at: now,
    updated_at: now,
  });
}

/**
 * Edits a product. Orders already placed keep the price, rate and cycle they were bought
 * with (the order row holds its own copy), so an edit only affects later orders. Audited in the
 * edit's transaction, with the product before and after.
 */
export async function editProduct(
  db: Kysely<Database>,
  id: bigint,
  input: UpdateProductInput,
  audit: Audit,
  now = Date.now(),
): Promise<AdminProduct> {
  const edited = await db.transaction().execute(async (trx) => {
    const current = await findProductById(trx, id);
    if (!current) throw notFound("products.notFound");
    const material = input.alloyMaterial !== undefined ? input.alloyMaterial : current.alloy_material;
    const pieces = input.alloyPieces ?? Number(current.alloy_pieces);
    if (pieces > 0 && material == null) throw badRequest("products.alloyNeedsMaterial");
    const patch: Updateable<ProductsTable> & { stock?: number } = { updated_at: now };
    if (input.title !== undefined) patch.title = input.title;
    if (input.images !== undefined) patch.images = JSON.stringify(input.images);
    if (input.descriptionHtml !== undefined) patch.description_html = input.descriptionHtml;
    if (input.priceCny !== undefined) patch.price_cny = BigInt(input.priceCny);
    if (input.priceUsdt !== undefined) patch.price_usdt = BigInt(input.priceUsdt);
    if (input.stock !== undefined) patch.stock = input.stock;
    if (input.dailyRatePpm !== undefined) patch.daily_rate_ppm = input.dailyRatePpm;
    if (input.cycleDays !== undefined) patch.cycle_days = input.cycleDays;
    if (input.alloyMaterial !== undefined) patch.alloy_material = input.alloyMaterial;
    if (input.alloyPieces !== undefined) patch.alloy_pieces = input.alloyPieces;
    if (input.onSale !== undefined) patch.status = input.onSale ? "on_sale" : "off_sale";
    if (input.sort !== undefined) patch.sort = input.sort;
    const row = await updateProduct(trx, id, patch);
    if (!row) throw notFound("products.notFound");
    const product = toAdminProduct(row);
    await audit(trx, { action: "product.update", target: `product:${id}`, before: toAdminProduct(current), after: product });
    return product;
  });
  invalidateProductList(db);
  return edited;
}
