import type { BrowserContext } from "playwright-core";

/**
 * A test wallet injected into the page, as a mobile dApp browser injects its own. A Hardhat
 * node signs and sends for its unlocked accounts but refuses the wallet-only calls
 * (eth_requestAccounts, chain switching, permissions): those are answered here, everything
 * else is forwarded to the node. It announces itself through EIP-6963 and window.ethereum.
 */
export async function injectWallet(context: BrowserContext, opts: { address: string; rpcUrl: string; chainId?: number }) {
  const config = {
    address: opts.address.toLowerCase(),
    rpcUrl: opts.rpcUrl,
    chainId: `0x${(opts.chainId ?? 31337).toString(16)}`,
  };
  await context.addInitScript((cfg: typeof config) => {
    type Listener = (...args: unknown[]) => void;
    const listeners = new Map<string, Set<Listener>>();
    // Like a real wallet, the permission given to this site survives a reload of the tab.
    const PERMISSION_KEY = "__testWallet.connected";
    let connected = sessionStorage.getItem(PERMISSION_KEY) === "1";
    const setConnected = (value: boolean) => {
      connected = value;
      if (value) sessionStorage.setItem(PERMISSION_KEY, "1");
      else sessionStorage.removeItem(PERMISSION_KEY);
    };
    let id = 0;
    const forward = async (method: string, params: unknown[]) => {
      const res = await fetch(cfg.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
      });
      const json = (await res.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } };
      if (json.error) throw Object.assign(new Error(json.error.message), { code: json.error.code, data: json.error.data });
      return json.result;
    };
    const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((l) => l(...args));
    const provider = {
      isTestWallet: true,
      async request({ method, params = [] }: { method: string; params?: unknown[] }) {
        (window as unknown as { __walletCalls: string[] }).__walletCalls.push(method);
        switch (method) {
          case "eth_requestAccounts":
            setConnected(true);
            emit("connect", { chainId: cfg.chainId });
            emit("accountsChanged", [cfg.address]);
            return [cfg.address];
          case "eth_accounts":
            return connected ? [cfg.address] : [];
          case "eth_chainId":
            return cfg.chainId;
          case "net_version":
            return String(parseInt(cfg.chainId, 16));
          case "wallet_switchEthereumChain":
          case "wallet_addEthereumChain":
          case "wallet_watchAsset":
            return null;
          case "wallet_requestPermissions":
            setConnected(true);
            return [{ parentCapability: "eth_accounts" }];
          case "wallet_getPermissions":
            return connected ? [{ parentCapability: "eth_accounts" }] : [];
          case "wallet_revokePermissions":
            setConnected(false);
            emit("accountsChanged", []);
            return null;
          default:
            return forward(method, params);
        }
      },
      on(event: string, listener: Listener) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(listener);
        return provider;
      },
      removeListener(event: string, listener: Listener) {
        listeners.get(event)?.delete(listener);
        return provider;
      },
    };
    (window as unknown as { __walletCalls: string[] }).__walletCalls = [];
    (window as unknown as { ethereum: unknown }).ethereum = provider;
    const info = {
      uuid: "5f3c9a7e-0d1b-4c2a-9e8f-7a6b5c4d3e2f",
      name: "Test Wallet",
      icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'/%3E",
      rdns: "dev.pex.testwallet",
    };
    const announce = () =>
      window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }));
    window.addEventListener("eip6963:requestProvider", announce);
    announce();
  }, config);
}
