import { preloadConnectModal } from "@/lib/wallet/connect-modal";
import { WalletProvider } from "@/lib/wallet/wallet-provider";
import { SignInPanel } from "./sign-in-panel";

// The visitor tapped "Connect wallet" to load this: the wallet list is needed at once.
preloadConnectModal();

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
