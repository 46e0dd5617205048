import { useTranslation } from "react-i18next";
import { HeaderBar } from "@/components/layout/header-bar";
import { CheckinWhenSignedIn } from "@/features/checkin/components/checkin-when-signed-in";
import { HomeBanner } from "@/features/home/components/home-banner";
import { HomeEntries } from "@/features/home/components/home-entries";
import { ProtocolMenus } from "@/features/home/components/protocol-menus";
import { NoticeTicker } from "@/features/notices/components/notice-ticker";
import { ProductList } from "@/features/products/components/product-list";

/** Home: banner, notice ticker, entries, the product list, the protocol menus; the daily reward. */
export default function HomeRoute() {
  const { t } = useTranslation();
  return (
    <>
      <HeaderBar title={t("home.title")} showBack={false} />
      <main className="page">
        <HomeBanner />
        <NoticeTicker />
        <HomeEntries />
        <ProductList />
        <ProtocolMenus />
      </main>
      <CheckinWhenSignedIn />
    </>
  );
}
