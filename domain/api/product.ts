/* The products of `home/product/list` and `home/product/{id}`, shared by server and app. */

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
