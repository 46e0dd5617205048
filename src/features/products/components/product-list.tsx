import { useTranslation } from "react-i18next";
import { Empty } from "@/components/ui/empty";
import { LoadError } from "@/components/ui/load-error";
import { LoadMore } from "@/components/ui/load-more";
import { useProducts } from "../api/get-products";
import { ProductCard } from "./product-card";
import "./products.css";

function Skeleton() {
  return (
    <ul className="product-list" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className="product-card product-card--skeleton">
          <span className="skeleton skeleton--image" />
          <span className="skeleton skeleton--lines" />
        </li>
      ))}
    </ul>
  );
}

/** The home page's product list: pages of 10, more on demand, refreshable. */
export function ProductList() {
  const { t } = useTranslation();
  const query = useProducts();
  const products = query.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <section className="card" aria-labelledby="products-title" aria-busy={query.isFetching}>
      <div className="section-head">
        <h2 id="products-title" className="card__title">
          {t("products.title")}
        </h2>
        <button
          type="button"
          className="btn btn--link"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
          data-testid="products-refresh"
        >
          {t("common.refresh")}
        </button>
      </div>
      {query.isPending ? (
        <>
          <Skeleton />
          <span className="sr-only" role="status">
            {t("common.loading")}
          </span>
        </>
      ) : query.isError && products.length === 0 ? (
        <LoadError onRetry={() => void query.refetch()} busy={query.isFetching} />
      ) : products.length === 0 ? (
        <Empty />
      ) : (
        <>
          <ul className="product-list" data-testid="product-list">
            {products.map((product, i) => (
              <ProductCard key={product.id} product={product} priority={i === 0} />
            ))}
          </ul>
          <LoadMore
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onMore={() => void query.fetchNextPage()}
            testId="products-more"
          />
        </>
      )}
    </section>
  );
}
