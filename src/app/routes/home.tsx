import { useTranslation } from "@/lib/i18n";
import { HeaderBar } from "@/components/layout/header-bar";
import { CheckinOverlay } from "@/features/checkin/components/checkin-overlay";
import { HomeBanner } from "@/features/home/components/home-banner";
import { HomeEntries } from "@/features/home/components/home-entries";
import { ProtocolMenus } from "@/features/home/components/protocol-menus";
import { NoticeTicker } from "@/features/notices/components/notice-ticker";
import { ProductList } from "@/features/products/components/product-list";
import { useIsLoggedIn } from "@/hooks/use-is-logged-in";
import { getStoredAddress } from "@/lib/session";

/** Home: banner, notice ticker, entries, the product list, the protocol menus; the daily reward. */
export default function HomeRoute() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const address = loggedIn ? getStoredAddress() : null;
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
      {address ? <CheckinOverlay key={address} address={address} /> : null}
    </>
  );
}
