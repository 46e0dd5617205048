import { WalletProvider } from "@/lib/wallet/wallet-provider";
import { SignInPanel } from "./sign-in-panel";

/**
 * The lazily loaded part of the login page: the wallet stack and the sign-in flow. The one
 * wallet of a wallet app's browser connects and signs straight away; otherwise the visitor picks
 * one in RainbowKit's list (loaded then), as on a desktop browser.
 */
export default function WalletSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  return (
    <WalletProvider reconnectOnMount={false}>
      <SignInPanel onSignedIn={onSignedIn} />
    </WalletProvider>
  );
}
