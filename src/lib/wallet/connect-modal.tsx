import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useRef, useState } from "react";
import type { Address } from "viem";
import { useAccount, useConfig } from "wagmi";
import { connectDirectly } from "./direct-connect";
import { connectPlan, discoverInjectedWallets, isTouchFirst } from "./injected-providers";
import { loadWalletList } from "./load-wallet-list";

/*
 * RainbowKit's wallet list is the heaviest part of the wallet stack and is only needed when
 * someone taps "Connect" and there is a choice to make: a wallet app's browser holds exactly one
 * wallet, which connects at once (injected-providers.ts). So the protocol pages load wagmi alone,
 * and RainbowKit's list (its connectors, wallet-list.ts) and modal come in their own chunks when
 * the list is first shown (ADR-0040, ADR-0138, "Sign-in in a wallet app's
 * browser", and ADR-0179, "Protocol routes' weight").
 */
const RainbowModal = lazy(() => import("./rainbow-modal"));

/** connected: the one injected wallet connected directly · listed: the wallet list is open. */
export type ConnectOutcome =
  { status: "connected"; address: Address } | { status: "listed" } | { status: "failed"; error: unknown };

const ConnectContext = createContext<(() => Promise<ConnectOutcome>) | null>(null);

/** Inside WagmiProvider: connects the one injected wallet, or mounts RainbowKit's list on demand. */
export function ConnectModalProvider({ children }: { children: ReactNode }) {
  const config = useConfig();
  // Each list request bumps the counter; the modal opens once per new value.
  const [request, setRequest] = useState(0);
  // A second tap while the first is still finding or connecting the wallet joins it.
  const inFlight = useRef<Promise<ConnectOutcome> | null>(null);

  const connectWallet = useCallback(() => {
    inFlight.current ??= (async (): Promise<ConnectOutcome> => {
      const plan = connectPlan(await discoverInjectedWallets(), { touchFirst: isTouchFirst() });
      if (plan.kind === "list") {
        try {
          await loadWalletList(config);
        } catch (error) {
          return { status: "failed", error };
        }
        setRequest((n) => n + 1);
        return { status: "listed" };
      }
      try {
        return { status: "connected", address: await connectDirectly(config, plan.wallet) };
      } catch (error) {
        return { status: "failed", error };
      }
    })().finally(() => {
      inFlight.current = null;
    });
    return inFlight.current;
  }, [config]);

  return (
    <ConnectContext.Provider value={connectWallet}>
      {children}
      {request > 0 ? (
        <Suspense fallback={null}>
          <RainbowModal request={request} />
        </Suspense>
      ) : null}
    </ConnectContext.Provider>
  );
}

/** "Connect": the one injected wallet at once, else the wallet list; the outcome says which. */
export function useConnectWallet(): () => Promise<ConnectOutcome> {
  const connectWallet = useContext(ConnectContext);
  if (!connectWallet) throw new Error("useConnectWallet needs ConnectModalProvider (WalletProvider)");
  return connectWallet;
}

/**
 * Shaped like RainbowKit's hook of the same name, for the pages' connect buttons:
 * `openConnectModal` (which connects directly when it can, see above) is there only while no
 * wallet is connected or connecting.
 */
export function useConnectModal(): { openConnectModal: (() => void) | undefined } {
  const connectWallet = useConnectWallet();
  const { status } = useAccount();
  return useMemo(
    () => ({ openConnectModal: status === "disconnected" ? () => void connectWallet() : undefined }),
    [connectWallet, status],
  );
}
