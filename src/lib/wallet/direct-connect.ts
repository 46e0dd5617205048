import type { Address, EIP1193Provider } from "viem";
import { type Config, injected } from "wagmi";
import { connect } from "wagmi/actions";
import type { InjectedProvider, InjectedWallet } from "./injected-providers";

const noop = () => undefined;
const withMethods = new WeakMap<InjectedProvider, InjectedProvider>();

/**
 * The provider as wagmi's injected connector needs it. Some in-app providers have no event
 * methods at all (they emit nothing); the connector subscribes anyway, so those get no-op ones.
 * The same wrapper every time: wagmi compares providers by identity.
 */
export function withEventMethods(provider: InjectedProvider): InjectedProvider {
  if (typeof provider.on === "function" && typeof provider.removeListener === "function") return provider;
  let wrapped = withMethods.get(provider);
  if (!wrapped) {
    const self: InjectedProvider = {
      request: (args) => provider.request(args),
      on: typeof provider.on === "function" ? (event, listener) => provider.on!(event, listener) : () => self,
      removeListener: noop,
    };
    wrapped = self;
    withMethods.set(provider, wrapped);
  }
  return wrapped;
}

/**
 * Connects `wallet` directly (no wallet list) through wagmi's injected connector aimed at its
 * provider. The account is `eth_requestAccounts`' answer, which `connect` returns: nothing waits
 * for an `accountsChanged` event that an in-app provider may never emit. The id is the one of
 * the list's "Browser Wallet" entry, so a later page reconnects it through that entry.
 */
export async function connectDirectly(config: Config, wallet: InjectedWallet): Promise<Address> {
  const provider = withEventMethods(wallet.provider) as unknown as EIP1193Provider;
  const connector = injected({ target: { id: "injected", name: wallet.name, provider } });
  const { accounts } = await connect(config, { connector });
  const [account] = accounts;
  if (!account) throw new Error("The wallet answered no account");
  return account;
}
