import { Suspense, lazy } from "react";
import { HeaderBar } from "@/components/layout/header-bar";
import { HomeBanner } from "@/features/home/components/home-banner";
import { HomeEntries } from "@/features/home/components/home-entries";
import { ProtocolMenus } from "@/features/home/components/protocol-menus";
import { NoticeTicker } from "@/features/notices/components/notice-ticker";
import { ProductList } from "@/features/products/components/product-list";
import { useAfterHydration } from "@/hooks/use-after-hydration";
import { useIsLoggedIn } from "@/hooks/use-is-logged-in";
import { useTranslation } from "react-i18next";
import { getStoredAddress } from "@/lib/session";

// Only a signed-in visitor can get the daily reward: nobody else downloads it.
const CheckinOverlay = lazy(() =>
  import("@/features/checkin/components/checkin-overlay").then((m) => ({ default: m.CheckinOverlay })),
);

/** Home: banner, notice ticker, entries, the product list, the protocol menus; the daily reward. */
export default function HomeRoute() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  // The daily reward's code is not in a first screen: it shows once the app has taken it over.
  const hydrated = useAfterHydration();
  const address = loggedIn && hydrated ? getStoredAddress() : null;
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
      {address ? (
        <Suspense fallback={null}>
          <CheckinOverlay key={address} address={address} />
        </Suspense>
      ) : null}
    </>
  );
}
