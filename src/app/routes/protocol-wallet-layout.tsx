import { Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { ChainGuard } from "@/components/protocol/chain-guard";
import { useUserInfo } from "@/features/user/api/get-user-info";
import type { WalletOutletContext } from "@/lib/protocol/wallet-guard-slot";
import { isLoggedIn } from "@/lib/session";
import { WalletProvider } from "@/lib/wallet/wallet-provider";
import { FIGURES_FIRST_PATHS, ProtocolFiguresPreview } from "../protocol-figures-preview";

/**
 * The protocol pages that write: the wallet stack (loaded with this layout, so only on these
 * routes) and the wrong-chain guard. The guard goes above the page, except on the pages whose
 * first card was painted from the server's figures before this layout loaded: they place it below
 * that card, which its arrival would otherwise push down.
 */
export default function ProtocolWalletLayout() {
  const loggedIn = isLoggedIn();
  const { pathname } = useLocation();
  const { data: info } = useUserInfo({ enabled: loggedIn });
  const guard = <ChainGuard expectedAddress={loggedIn ? info?.address : null} />;
  const below = FIGURES_FIRST_PATHS.includes(pathname);
  return (
    <WalletProvider>
      {below ? null : guard}
      <Suspense fallback={<ProtocolFiguresPreview />}>
        <Outlet context={{ guard: below ? guard : null } satisfies WalletOutletContext} />
      </Suspense>
    </WalletProvider>
  );
}
