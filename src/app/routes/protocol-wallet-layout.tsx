import { Suspense } from "react";
import { Outlet } from "react-router";
import { ChainGuard } from "@/components/protocol/chain-guard";
import { PageSpinner } from "@/components/ui/spinner";
import { useUserInfo } from "@/features/user/api/get-user-info";
import { isLoggedIn } from "@/lib/session";
import { WalletProvider } from "@/lib/wallet/wallet-provider";

/**
 * The protocol pages that write: the wallet stack (loaded with this layout, so only on these
 * routes) and the wrong-chain guard above the page.
 */
export default function ProtocolWalletLayout() {
  const loggedIn = isLoggedIn();
  const { data: info } = useUserInfo({ enabled: loggedIn });
  return (
    <WalletProvider>
      <ChainGuard expectedAddress={loggedIn ? info?.address : null} />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </WalletProvider>
  );
}
