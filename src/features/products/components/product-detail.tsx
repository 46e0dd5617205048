import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import { ProductImage } from "@/components/ui/product-image";
import { SafeHtml } from "@/components/ui/safe-html";
import { priceCny, priceUsdt, ratePpm } from "@/lib/money-format";
import type { ProductDetail as Product } from "../api/get-product";
import { GALLERY_SIZES } from "../image-sizes";
import "./products.css";

/** Images, prices, return, cycle, stock and the sanitised description of one product. */
export function ProductDetail({ product }: { product: Product }) {
  const { t } = useTranslation();
  return (
    <>
      <section className="card" aria-labelledby="product-title" data-testid="product-detail">
        <div className="gallery" aria-label={t("products.images")} role="group" tabIndex={0}>
          {product.images.map((src, i) => (
            <ProductImage
              key={src}
              className="gallery__image"
              src={src}
              alt={t("products.imageAlt", { title: product.title, n: i + 1 })}
              width={390}
              height={390}
              sizes={GALLERY_SIZES}
              priority={i === 0}
            />
          ))}
        </div>
        <h2 id="product-title" className="product-detail__title">
          {product.title}
        </h2>
        <p className="product-card__price">
          <span className="product-card__cny" data-testid="detail-price-cny">
            ¥{priceCny(product.priceCny)}
          </span>
          <span className="product-card__usdt" data-testid="detail-price-usdt">
            ≈ {priceUsdt(product.priceUsdt)} USDT
          </span>
        </p>
        <dl className="facts-grid">
          <div>
            <dt>{t("products.dailyReturn")}</dt>
            <dd data-testid="detail-rate">{ratePpm(product.dailyRatePpm)}</dd>
          </div>
          <div>
            <dt>{t("products.cycle")}</dt>
            <dd>{t("products.days", { days: product.cycleDays })}</dd>
          </div>
          <div>
            <dt>{t("products.stock")}</dt>
            <dd data-testid="detail-stock">{product.stock}</dd>
          </div>
          <div>
            <dt>{t("products.alloyGift")}</dt>
            <dd>
              {product.alloyMaterial && product.alloyPieces > 0
                ? t("products.alloyPieces", {
                    name: t("products.alloyMaterial", { n: product.alloyMaterial }),
                    pieces: product.alloyPieces,
                  })
                : "—"}
            </dd>
          </div>
        </dl>
      </section>
      <Card id="product-description" title={t("products.description")}>
        <SafeHtml html={product.descriptionHtml} testId="product-description" />
      </Card>
    </>
  );
}
