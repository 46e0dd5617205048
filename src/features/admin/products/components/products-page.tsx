import { useState } from "react";
import { ProductImage } from "@/components/ui/product-image";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "@/components/ui/status-badge";
import { priceCny, priceUsdt, ratePpm } from "@/lib/money-format";
import { ConsoleList } from "../../components/console-list";
import { useListState } from "../../hooks/use-list-state";
import { type AdminProduct, useAdminProducts } from "../api/get-admin-products";
import { ProductForm } from "./product-form";

/** Products (editor): every product, on sale or not; add one, edit one. */
export function ProductsPage() {
  const { t } = useTranslation();
  const list = useListState({});
  const query = useAdminProducts(list.page);
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  return (
    <>
      <ProductForm key={editing?.id ?? "new"} product={editing} onDone={() => setEditing(null)} />
      <ConsoleList
        id="products"
        title={t("console.products.title")}
        query={query}
        onPage={list.setPage}
        renderItem={(p) => (
          <li key={p.id} className="console-item console-product" data-testid={`product-${p.id}`}>
            {p.images[0] ? (
              <ProductImage className="console-product__image" src={p.images[0]} alt="" width={64} height={64} sizes="64px" />
            ) : null}
            <div className="console-product__body">
              <div className="console-item__head">
                <strong>{p.title}</strong>
                <StatusBadge tone={p.onSale ? "approved" : "rejected"}>
                  {t(p.onSale ? "console.products.onSale" : "console.products.offSale")}
                </StatusBadge>
              </div>
              <p className="muted console-note">
                ¥{priceCny(p.priceCny)} · {priceUsdt(p.priceUsdt)} USDT · {ratePpm(p.dailyRatePpm)} ·{" "}
                {t("console.products.cycle", { count: p.cycleDays })} · {t("console.products.stock", { count: p.stock })}
              </p>
              <div className="console-actions">
                <button
                  type="button"
                  className="btn btn--secondary"
                  onClick={() => setEditing(p)}
                  aria-label={t("console.products.editLabel", { title: p.title })}
                >
                  {t("console.edit")}
                </button>
              </div>
            </div>
          </li>
        )}
      />
    </>
  );
}
