import { useEffect } from "react";
import { HashRouter } from "react-router";
import { prefetchUserInfoOnLaunch } from "@/features/user/api/get-user-info";
import { i18n } from "@/lib/i18n";
import { queryClient } from "@/lib/react-query";
import { holdsInjectedWallet } from "@/lib/wallet/injected-providers";
import { AppTree } from "./app-tree";

/** What the app starts once it runs: the signed-in user's info, if any (no markup of its own). */
function OnLaunch() {
  useEffect(() => {
    prefetchUserInfoOnLaunch(queryClient);
  }, []);
  return null;
}

/** Found once at the app's start, as the boot script found it for the first screen. */
const browser = { injectedWallet: holdsInjectedWallet() };

/** The app in the browser: the tree the web server's first screen also draws, in hash routes. */
export function App() {
  return (
    <>
      <OnLaunch />
      <AppTree i18n={i18n} queryClient={queryClient} router={HashRouter} browser={browser} />
    </>
  );
}
