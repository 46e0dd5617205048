import type { AdminProduct, CreateProductInput } from "@domain/api/product";
import { CNY_DECIMALS, formatUnits, parseUnits, USDT_DECIMALS } from "@domain/money";

/** The product form's fields as typed: decimals for money and the rate, text for numbers. */
export interface ProductDraft {
  title: string;
  /** One image location per line. */
  images: string;
  descriptionHtml: string;
  priceCny: string;
  priceUsdt: string;
  stock: string;
  /** Percent per day: "1.2" = 12000 ppm. */
  dailyRate: string;
  cycleDays: string;
  alloyMaterial: string;
  alloyPieces: string;
  onSale: boolean;
  sort: string;
}

/** ppm per percent point: 1 % = 10,000 ppm, so a rate has at most 4 decimals. */
const RATE_DECIMALS = 4;

export const EMPTY_DRAFT: ProductDraft = {
  title: "",
  images: "",
  descriptionHtml: "",
  priceCny: "",
  priceUsdt: "",
  stock: "0",
  dailyRate: "",
  cycleDays: "",
  alloyMaterial: "",
  alloyPieces: "0",
  onSale: true,
  sort: "0",
};

export function draftOf(p: AdminProduct): ProductDraft {
  return {
    title: p.title,
    images: p.images.join("\n"),
    descriptionHtml: p.descriptionHtml,
    priceCny: formatUnits(p.priceCny, CNY_DECIMALS, CNY_DECIMALS),
    priceUsdt: formatUnits(p.priceUsdt, USDT_DECIMALS, USDT_DECIMALS),
    stock: String(p.stock),
    dailyRate: formatUnits(p.dailyRatePpm, RATE_DECIMALS, RATE_DECIMALS),
    cycleDays: String(p.cycleDays),
    alloyMaterial: p.alloyMaterial === null ? "" : String(p.alloyMaterial),
    alloyPieces: String(p.alloyPieces),
    onSale: p.onSale,
    sort: String(p.sort),
  };
}

const minor = (text: string, decimals: number): string | null => {
  try {
    return parseUnits(text, decimals).toString();
  } catch {
    return null;
  }
};
const whole = (text: string): number | null => (/^-?\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : null);

/** The draft as the API's product fields (minor units as strings, the rate in ppm); a field that cannot be read is null. */
export function fieldsOf(d: ProductDraft) {
  const rate = minor(d.dailyRate, RATE_DECIMALS);
  return {
    title: d.title,
    images: d.images
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
    descriptionHtml: d.descriptionHtml,
    priceCny: minor(d.priceCny, CNY_DECIMALS),
    priceUsdt: minor(d.priceUsdt, USDT_DECIMALS),
    stock: whole(d.stock),
    dailyRatePpm: rate === null ? null : Number(rate),
    cycleDays: whole(d.cycleDays),
    alloyMaterial: d.alloyMaterial === "" ? null : Number(d.alloyMaterial),
    alloyPieces: whole(d.alloyPieces),
    onSale: d.onSale,
    sort: whole(d.sort),
  };
}

export type ProductFields = ReturnType<typeof fieldsOf>;

/** The API fields of the draft that are missing or cannot be read; the server checks the rest (domain/api/product.ts). */
export function unreadable(f: ProductFields): string[] {
  const bad: string[] = [];
  if (!f.title.trim() || f.title.trim().length > 128) bad.push("title");
  if (f.images.length === 0 || f.images.length > 10) bad.push("images");
  for (const name of ["priceCny", "priceUsdt", "stock", "dailyRatePpm", "cycleDays", "alloyPieces", "sort"] as const)
    if (f[name] === null) bad.push(name);
  if (f.priceCny?.startsWith("-") || f.priceCny === "0") bad.push("priceCny");
  if (f.priceUsdt?.startsWith("-") || f.priceUsdt === "0") bad.push("priceUsdt");
  if ((f.alloyPieces ?? 0) > 0 && f.alloyMaterial === null) bad.push("alloyMaterial");
  return bad;
}

/** The draft as the body of `admin/product/add` or `update`, or the fields to correct first. */
export function readDraft(d: ProductDraft): { input: CreateProductInput; invalid: [] } | { input: null; invalid: string[] } {
  const fields = fieldsOf(d);
  const invalid = unreadable(fields);
  // Every field that can be null is listed by `unreadable` when it is.
  return invalid.length > 0 ? { input: null, invalid } : { input: fields as CreateProductInput, invalid: [] };
}
