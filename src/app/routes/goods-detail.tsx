import { Suspense, lazy, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { HeaderBar } from "@/components/layout/header-bar";
import { useRequireRegistration } from "@/components/registration-prompt";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useProduct } from "@/features/products/api/get-product";
import { ProductDetail } from "@/features/products/components/product-detail";
import { useUserInfo } from "@/features/user/api/get-user-info";
import { useIsLoggedIn } from "@/hooks/use-is-logged-in";
import { useTranslation } from "react-i18next";
import { setRedirect } from "@/lib/session";
import { positiveId } from "./search-id";

// The popup loads when a finger or the keyboard reaches the buy button, not with the page.
const loadPurchasePopup = () => import("@/features/orders/components/purchase-popup");
const PurchasePopup = lazy(() => loadPurchasePopup().then((m) => ({ default: m.PurchasePopup })));
const preloadPurchasePopup = () => void loadPurchasePopup().catch(() => undefined);

/** Product detail with the buy button; buying needs a registered session, browsing does not. */
export default function GoodsDetailRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = positiveId(params.get("id"));
  const loggedIn = useIsLoggedIn();
  const product = useProduct(id);
  const user = useUserInfo({ enabled: loggedIn });
  const [buying, setBuying] = useState(false);
  const requireRegistration = useRequireRegistration();

  const buy = () => {
    if (!loggedIn) {
      setRedirect(`${paths.goodsDetail}?id=${id}`);
      void navigate(paths.login);
      return;
    }
    if (!requireRegistration()) return;
    void user.refetch();
    setBuying(true);
  };

  const data = product.data;
  const soldOut = !data || data.stock <= 0 || !data.onSale;
  return (
    <>
      <HeaderBar title={t("products.detailTitle")} />
      <main className="page">
        {id === null ? (
          <p className="alert">{t("products.notFound")}</p>
        ) : product.isPending ? (
          <PageSpinner />
        ) : product.isError ? (
          <LoadError onRetry={() => void product.refetch()} busy={product.isFetching} />
        ) : (
          <ProductDetail product={product.data} />
        )}
      </main>
      {data ? (
        <div className="buy-bar">
          <button
            type="button"
            className="btn btn--primary btn--block"
            onClick={buy}
            onPointerDown={preloadPurchasePopup}
            onFocus={preloadPurchasePopup}
            disabled={soldOut}
            data-testid="buy"
          >
            {soldOut ? t("products.soldOut") : t("products.buy")}
          </button>
        </div>
      ) : null}
      {data && buying ? (
        <Suspense fallback={null}>
          <PurchasePopup
            open
            product={data}
            balances={loggedIn && user.data ? user.data : null}
            onClose={() => setBuying(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
