import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from "react";
import { useAccount } from "wagmi";

/*
 * RainbowKit's wallet list is the heaviest part of the wallet stack and is only needed when
 * someone taps "Connect": a wallet that is already connected (the usual case in a wallet app's
 * browser) never shows it. So the protocol pages load wagmi alone, and RainbowKit's modal comes
 * in its own chunk on the first tap (docs/decisions.md, "Bundle budgets").
 */
const loadRainbowModal = () => import("./rainbow-modal");
const RainbowModal = lazy(loadRainbowModal);

/** Start fetching the wallet list ahead of the tap, where a tap is certain (the login page). */
export function preloadConnectModal(): void {
  void loadRainbowModal();
}

const OpenContext = createContext<(() => void) | null>(null);

/** Inside WagmiProvider: mounts RainbowKit's modal once it is first asked for. */
export function ConnectModalProvider({ children }: { children: ReactNode }) {
  // Each tap bumps the counter; the modal opens once per new value.
  const [request, setRequest] = useState(0);
  const open = useCallback(() => setRequest((n) => n + 1), []);
  return (
    <OpenContext.Provider value={open}>
      {children}
      {request > 0 ? (
        <Suspense fallback={null}>
          <RainbowModal request={request} />
        </Suspense>
      ) : null}
    </OpenContext.Provider>
  );
}

/**
 * Like RainbowKit's hook of the same name: `openConnectModal` is there only while no wallet is
 * connected or connecting.
 */
export function useConnectModal(): { openConnectModal: (() => void) | undefined } {
  const open = useContext(OpenContext);
  const { status } = useAccount();
  if (!open) throw new Error("useConnectModal needs ConnectModalProvider (WalletProvider)");
  return useMemo(() => ({ openConnectModal: status === "disconnected" ? open : undefined }), [open, status]);
}
