import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { HeaderBar } from "@/components/layout/header-bar";
import { ProtocolNav } from "@/components/protocol/protocol-nav";
import { ProtocolUserPanel } from "@/components/protocol/protocol-user-panel";
import { paths, protocolMenus } from "@/config/paths";
import { SignOutButton } from "@/features/auth/components/sign-out-button";
import { useUserInfo } from "@/features/user/api/get-user-info";
import { isLoggedIn } from "@/lib/session";
import { ProtocolFiguresPreview, usePreviewFirst } from "../protocol-figures-preview";

/**
 * Every /pages/protocol/... page: the header with the menu's title, the menu strip and the user
 * info panel; the page renders below, above the tab bar (the zone tab's, router.tsx). Back returns
 * to the page the visitor came from (the zone tab, home), or to the zone tab when there is none.
 * Pages that write nest in ProtocolWalletLayout, which brings the wallet stack and the wrong-chain
 * guard; the read-only dashboard stays without them. While a page's code loads, stake, bond and
 * lottery show their first card from the server's figures (ProtocolFiguresPreview), others a spinner;
 * those three draw that card in the page's place while the app hydrates the web server's drawing of
 * it (usePreviewFirst).
 */
export default function ProtocolLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const loggedIn = isLoggedIn();
  const { data: info } = useUserInfo({ enabled: loggedIn });
  const menu = protocolMenus.find((m) => pathname === m.path);
  const previewFirst = usePreviewFirst(pathname);
  return (
    <>
      <HeaderBar title={menu ? t(`protocol.menu.${menu.id}`) : t("protocol.menuTitle")} backUrl={paths.alloy} backToPrevious />
      <ProtocolNav />
      <main className="page protocol-page">
        {loggedIn ? <ProtocolUserPanel info={info} signOut={<SignOutButton />} /> : null}
        {previewFirst ? (
          <ProtocolFiguresPreview />
        ) : (
          <Suspense fallback={<ProtocolFiguresPreview />}>
            <Outlet />
          </Suspense>
        )}
      </main>
    </>
  );
}
