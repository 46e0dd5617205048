import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ProductImage } from "@/components/ui/product-image";
import { paths } from "@/config/paths";
import { priceCny, priceUsdt, ratePpm } from "@/lib/money-format";
import type { ProductSummary } from "../api/get-products";
import { CARD_IMAGE_SIZES } from "../image-sizes";

export function productHref(id: number): string {
  return `${paths.goodsDetail}?id=${id}`;
}

/** One product of the home list; the whole card opens the detail. `priority`: the first card's image is home's LCP image. */
export function ProductCard({ product, priority = false }: { product: ProductSummary; priority?: boolean }) {
  const { t } = useTranslation();
  const soldOut = product.stock <= 0;
  return (
    <li className="product-card" data-testid="product-card">
      <Link to={productHref(product.id)} className="product-card__link">
        <ProductImage
          className="product-card__image"
          src={product.images[0] ?? "/favicon.svg"}
          alt=""
          width={96}
          height={96}
          sizes={CARD_IMAGE_SIZES}
          priority={priority}
        />
        <div className="product-card__body">
          <h3 className="product-card__title">{product.title}</h3>
          <p className="product-card__price">
            <span className="product-card__cny" data-testid="product-price-cny">
              ¥{priceCny(product.priceCny)}
            </span>
            <span className="product-card__usdt">≈ {priceUsdt(product.priceUsdt)} USDT</span>
          </p>
          <dl className="product-card__facts">
            <div>
              <dt>{t("products.dailyReturn")}</dt>
              <dd data-testid="product-rate">{ratePpm(product.dailyRatePpm)}</dd>
            </div>
            <div>
              <dt>{t("products.cycle")}</dt>
              <dd>{t("products.days", { days: product.cycleDays })}</dd>
            </div>
          </dl>
          {soldOut ? <span className="badge badge--muted">{t("products.soldOut")}</span> : null}
        </div>
      </Link>
    </li>
  );
}
