import {
  imTokenWallet,
  metaMaskWallet,
  okxWallet,
  rainbowWallet,
  tokenPocketWallet,
  trustWallet,
  walletConnectWallet,
} from "@rainbow-me/rainbowkit/wallets";

/*
 * The wallets offered only with a WalletConnect project id (they fall back to WalletConnect, or
 * use MetaMask's SDK), in their own chunk: without an id the list never loads them.
 */

/** Listed under "installed" after the browser wallet. */
export const installedSdkWallets = [metaMaskWallet, trustWallet, tokenPocketWallet, okxWallet, imTokenWallet];

/** Listed under "more". */
export const moreWallets = [walletConnectWallet, rainbowWallet];
