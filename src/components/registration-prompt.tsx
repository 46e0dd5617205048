import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { paths } from "@/config/paths";
import { needsRegistration, setRedirect } from "@/lib/session";

// The sheet is needed only by an address that has not registered: it loads on first use.
const RegistrationSheet = lazy(() => import("./registration-sheet"));

/**
 * Asks before an action that needs a registered account (buy, recharge, withdraw, transfer,
 * identity, bank, address). Answers true when the action may go on; otherwise shows the prompt,
 * whose button leads to registration and then back to `returnTo` (default: this page).
 */
export type RequireRegistration = (options?: { returnTo?: string }) => boolean;

const GuardContext = createContext<RequireRegistration | null>(null);

/** Inside the router (root-layout.tsx): one prompt for the whole app. */
export function RegistrationPromptProvider({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // Where to come back to after registering; null while the prompt is closed.
  const [returnTo, setReturnTo] = useState<string | null>(null);

  const requireRegistration = useCallback<RequireRegistration>(
    (options) => {
      if (!needsRegistration()) return true;
      setReturnTo(options?.returnTo ?? `${pathname}${search}`);
      return false;
    },
    [pathname, search],
  );
  const close = useCallback(() => setReturnTo(null), []);
  const register = useCallback(() => {
    if (returnTo) setRedirect(returnTo);
    setReturnTo(null);
    // The login page shows the registration form to a signed-in address that has not registered,
    // and goes on to the redirect key once done (the key survives a logout in between).
    void navigate(paths.login);
  }, [returnTo, navigate]);

  return (
    <GuardContext.Provider value={requireRegistration}>
      {children}
      {returnTo !== null ? (
        <Suspense fallback={null}>
          <RegistrationSheet onClose={close} onRegister={register} />
        </Suspense>
      ) : null}
    </GuardContext.Provider>
  );
}

/**
 * `if (requireRegistration()) doIt()`; for a link, `if (!requireRegistration({ returnTo: href }))
 * event.preventDefault()`.
 */
export function useRequireRegistration(): RequireRegistration {
  const requireRegistration = useContext(GuardContext);
  if (!requireRegistration) throw new Error("useRequireRegistration needs RegistrationPromptProvider (root-layout.tsx)");
  return requireRegistration;
}
