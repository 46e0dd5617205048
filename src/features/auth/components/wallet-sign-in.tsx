import { WalletProvider } from "@/lib/wallet/wallet-provider";
import { SignInPanel } from "./sign-in-panel";

/**
 * The lazily loaded part of the login page: the wallet stack and the sign-in flow. Signing in
 * always starts from RainbowKit's wallet list, even when a wallet app would let us connect silently.
 */
export default function WalletSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  return (
    <WalletProvider reconnectOnMount={false}>
      <SignInPanel onSignedIn={onSignedIn} />
    </WalletProvider>
  );
}
