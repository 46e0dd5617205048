import { useEffect, useState } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { isLoggedIn, needsRegistration, setRedirect } from "@/lib/session";
import { authRedirect, loginPageRedirect, registrationRedirect } from "./require-auth";

/**
 * Route guards: each decides once per visit (the location's key), before its pages show, as a
 * route loader would; a sign-in or sign-out on an open page is that page's business, not the
 * guard's. A decision that needs the server shows the page spinner meanwhile.
 */

/** Replaces this visit by `to`; `remember` keeps the page under the redirect key (sign-in leads back). */
function Redirect({ to, remember }: { to: string; remember: boolean }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (remember) setRedirect(`${pathname}${search}`);
    void navigate(to, { replace: true });
    // Once per visit: the guard renders a new Redirect for the next one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

type Decision = { key: string; to: string | null | undefined };

/**
 * `decide` answers at once (null: show the page, a path: go there); `ask`, called only when
 * `needsAsking()` holds, answers later. Returns undefined while waiting.
 */
function useVisitDecision(
  decide: () => string | null,
  needsAsking: () => boolean,
  ask: (signal: AbortSignal) => Promise<string | null>,
) {
  const { key } = useLocation();
  const decideNow = (): Decision => {
    const now = decide();
    return { key, to: now === null && needsAsking() ? undefined : now };
  };
  const [decision, setDecision] = useState(decideNow);
  const current = decision.key === key ? decision : decideNow();
  if (current !== decision) setDecision(current);
  const waiting = current.to === undefined;
  useEffect(() => {
    if (!waiting) return;
    const controller = new AbortController();
    void ask(controller.signal).then((to) => {
      if (!controller.signal.aborted) setDecision({ key, to });
    });
    return () => controller.abort();
    // The visit (key) is what is decided; the functions are module-level.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, waiting]);
  return current.to;
}

const never = () => false;
const noAsk = () => Promise.resolve(null);

/** Pages behind sign-in. */
export function RequireAuth() {
  const to = useVisitDecision(authRedirect, never, noAsk);
  return to ? <Redirect key={to} to={to} remember /> : <Outlet />;
}

/** Pages of actions that need a registered account (issue 13). */
export function RequireRegistration() {
  const to = useVisitDecision(() => null, needsRegistration, registrationRedirect);
  if (to === undefined) return <PageSpinner />;
  return to ? <Redirect key={to} to={to} remember /> : <Outlet />;
}

/** The login page: a signed-in, registered visitor goes on to where sign-in would lead. */
export function LoginPageGuard() {
  const to = useVisitDecision(() => null, isLoggedIn, loginPageRedirect);
  if (to === undefined) return <PageSpinner />;
  return to ? <Redirect key={to} to={to} remember={false} /> : <Outlet />;
}
