import type { WalletList } from "@rainbow-me/rainbowkit";
import { injectedWallet } from "@rainbow-me/rainbowkit/wallets";
import type { Config, CreateConnectorFn } from "wagmi";
import { env } from "@/config/env";
import { i18n } from "../i18n";
import { connectorsForWallets } from "./rainbow-connectors";
import { APP_NAME } from "./wagmi-config";

/**
 * Injected wallets first: a wallet app's built-in browser (the usual way to open this app on a
 * phone) exposes window.ethereum, which "Browser Wallet" uses. The wallets that fall back to
 * WalletConnect need a WalletConnect Cloud project id, so they are offered only when one is set,
 * and their definitions (with the MetaMask and WalletConnect connectors) load only then.
 */
export async function walletGroups(projectId: string | undefined): Promise<WalletList> {
  const installed = i18n.t("wallet.groupInstalled");
  if (!projectId) return [{ groupName: installed, wallets: [injectedWallet] }];
  const { installedSdkWallets, moreWallets } = await import("./sdk-wallets");
  return [
    { groupName: installed, wallets: [injectedWallet, ...installedSdkWallets] },
    { groupName: i18n.t("wallet.groupMore"), wallets: moreWallets },
  ];
}

/**
 * A connector without its `setup`: wagmi runs `setup` as soon as a connector is added, and the
 * MetaMask and WalletConnect connectors load and start their SDKs there (a few hundred KB). Their
 * `connect` (and reconnecting's `getProvider`) does all that setup does, so the SDK of a wallet
 * now loads when the user picks it. The injected connector's setup is cheap and kept.
 */
export function withoutEagerSetup(create: CreateConnectorFn): CreateConnectorFn {
  return (config) => {
    const connector = create(config);
    return connector.type === "injected" ? connector : { ...connector, setup: undefined };
  };
}

const registered = new WeakSet<Config>();

/**
 * Adds RainbowKit's wallet list to `config` (once): the connectors its modal lists, each carrying
 * `rkDetails`. wagmi has no public way to add connectors after `createConfig`; its connector store
 * is what `createConfig` itself extends for EIP-6963 wallets, so this does the same.
 */
export async function registerWalletList(config: Config): Promise<void> {
  if (registered.has(config)) return;
  registered.add(config);
  const groups = await walletGroups(env.walletConnectProjectId);
  const created = connectorsForWallets(groups, {
    appName: APP_NAME,
    // Only read by WalletConnect-based wallets, which are listed only when the id is set.
    projectId: env.walletConnectProjectId ?? "",
    appUrl: window.location.origin,
  }).map((create) => config._internal.connectors.setup(withoutEagerSetup(create)));
  config._internal.connectors.setState((current) => [...current, ...created]);
}
