import type { Wallet, WalletList } from "@rainbow-me/rainbowkit";
import type { CreateConnectorFn } from "wagmi";

/**
 * RainbowKit's `connectorsForWallets` (2.2, MIT), reduced to what this app uses. The original lives
 * in RainbowKit's main module, and importing anything from that module brings the whole wallet
 * list UI along, since a module cannot be split between chunks. Building the connectors here
 * keeps that UI in the chunk that loads on the first "Connect" tap (connect-modal.tsx).
 *
 * Each connector carries `rkDetails`, which is how RainbowKit's modal recognises and lists it.
 */
export function connectorsForWallets(
  walletList: WalletList,
  params: { appName: string; projectId: string; appUrl: string },
): CreateConnectorFn[] {
  const metadata = { name: params.appName, description: params.appName, url: params.appUrl, icons: [] as string[] };
  const seen = new Set<string>();
  const connectors: CreateConnectorFn[] = [];
  let index = -1;
  for (const [groupIndex, { groupName, wallets }] of walletList.entries()) {
    for (const createWallet of wallets) {
      index++;
      const wallet: Wallet = createWallet({
        projectId: params.projectId,
        appName: params.appName,
        options: { metadata },
        walletConnectParameters: { metadata },
      });
      if (seen.has(wallet.id)) continue;
      seen.add(wallet.id);
      if (typeof wallet.hidden === "function" && wallet.hidden()) continue;
      const { createConnector, hidden: _hidden, ...walletMeta } = wallet;
      const details = (extra: Record<string, unknown> = {}) => ({
        rkDetails: withoutUndefined({
          ...walletMeta,
          groupIndex: groupIndex + 1,
          groupName,
          index,
          isRainbowKitConnector: true,
          ...extra,
        }),
      });
      // RainbowKit pairs its own WalletConnect entry with the official QR modal connector.
      if (wallet.id === "walletConnect") {
        connectors.push(createConnector(details({ isWalletConnectModalConnector: true, showQrModal: true })));
      }
      connectors.push(createConnector(details()));
    }
  }
  return connectors;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
