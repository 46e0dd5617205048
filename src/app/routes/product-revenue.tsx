import { useTranslation } from "react-i18next";
import { HeaderBar } from "@/components/layout/header-bar";
import { EarningsView } from "@/features/earnings/components/earnings-view";
import { ProductRevenue } from "@/features/earnings/components/product-revenue";

export default function ProductRevenueRoute() {
  const { t } = useTranslation();
  return (
    <>
      <HeaderBar title={t("earnings.productRevenue")} />
      <main className="page">
        <EarningsView>{(data) => <ProductRevenue data={data} />}</EarningsView>
      </main>
    </>
  );
}
