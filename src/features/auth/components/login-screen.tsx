import { type ReactNode, Suspense, lazy, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ErrorBoundary } from "@/components/error-boundary";
import { HeaderBar } from "@/components/layout/header-bar";
import { Logo } from "@/components/ui/logo";
import { env } from "@/config/env";
import { isRegistrationPage, paths } from "@/config/paths";
import { needsRegistration, takeRedirect } from "@/lib/session";
import { useHasInjectedWallet } from "@/lib/browser-facts";
import { ConnectButton } from "./connect-button";
import { NetworkHelp } from "./network-help";
import "./login-screen.css";

// The wallet stack (wagmi, RainbowKit, viem) is far larger than the rest of the app: it loads
// only when the visitor asks to connect, so the login page itself paints at once.
const loadWalletSignIn = () => import("./wallet-sign-in");

/**
 * `registration` renders the registration form of a new address (from the register feature,
 * composed by the route); it calls `done` once registered.
 */
export function LoginScreen({ registration }: { registration?: (done: () => void) => ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [WalletSignIn, setWalletSignIn] = useState(() => lazy(loadWalletSignIn));
  const [walletWanted, setWalletWanted] = useState(false);
  const [registering, setRegistering] = useState(() => Boolean(registration) && needsRegistration());
  const injectedWallet = useHasInjectedWallet();

  const goOn = useCallback(() => {
    void navigate(takeRedirect() ?? paths.my, { replace: true });
  }, [navigate]);

  // Registering can wait (issue 13): the address browses, and each action that needs
  // registration asks again. A page that is itself such an action would only send it back here.
  const later = useCallback(() => {
    const to = takeRedirect();
    void navigate(to && !isRegistrationPage(to) ? to : paths.my, { replace: true });
  }, [navigate]);

  const onSignedIn = useCallback(() => {
    if (registration && needsRegistration()) setRegistering(true);
    else goOn();
  }, [registration, goOn]);

  const preload = useCallback(() => {
    void loadWalletSignIn().catch(() => undefined);
  }, []);

  if (registering && registration) {
    return (
      <>
        <HeaderBar title={t("login.pageTitle")} />
        <main className="page">
          <section className="card">{registration(goOn)}</section>
          <button type="button" className="btn btn--link" onClick={later} data-testid="register-later">
            {t("register.later")}
          </button>
        </main>
      </>
    );
  }

  return (
    <>
      <HeaderBar title={t("login.pageTitle")} />
      <main className="page">
        <div className="login__hero">
          <Logo />
          <h2>{t("login.title")}</h2>
          <p className="muted">{t("login.intro")}</p>
        </div>
        <section className="card login__panel" aria-label={t("login.walletSection")}>
          {walletWanted ? (
            <ErrorBoundary
              fallback={(_error, reset) => (
                <>
                  <p className="alert" role="alert">
                    {t("login.walletLoadFailed")}
                  </p>
                  <button
                    type="button"
                    className="btn btn--secondary btn--block"
                    onClick={() => {
                      setWalletSignIn(() => lazy(loadWalletSignIn));
                      reset();
                    }}
                  >
                    {t("common.retry")}
                  </button>
                </>
              )}
            >
              <Suspense fallback={<ConnectButton busyLabel={t("login.loadingWallet")} />}>
                <WalletSignIn onSignedIn={onSignedIn} />
              </Suspense>
            </ErrorBoundary>
          ) : (
            <ConnectButton onClick={() => setWalletWanted(true)} onPointerEnter={preload} />
          )}
          {!injectedWallet && !env.walletConnectProjectId ? (
            <p className="muted login__note" data-testid="no-wallet-hint">
              {t("login.noWallet")}
            </p>
          ) : null}
          <p className="muted login__note">{t("login.signatureNote")}</p>
        </section>
        <NetworkHelp />
      </main>
    </>
  );
}
