import { signInFirst } from "@/config/landing-pages";
import { paths } from "@/config/paths";
import { storageKeys } from "@/lib/session";
import { readStorage } from "./first-load";

/**
 * A page behind sign-in opened without a session (a protocol page shared into a wallet's
 * browser): does at once what the app's guard would do once it has arrived (app/route-guards.tsx,
 * `RequireAuth`): remembers the page to come back to and goes to sign-in, keeping the link's
 * parameters (language, inviter). Sign-in's first screen then comes from the web server, and no
 * protocol or wallet code loads before it paints. True when it did.
 */
export function sendToSignIn(w: Window = window): boolean {
  const route = signInFirst(w.location.hash);
  if (!route || readStorage(w, storageKeys.token) || readStorage(w, storageKeys.address)) return false;
  try {
    w.localStorage.setItem(storageKeys.redirect, route);
  } catch {
    // Storage refused (private mode): sign-in then leads to "my", as the app's guard would.
  }
  const query = route.split("?")[1];
  w.history.replaceState(w.history.state, "", `#${paths.login}${query ? `?${query}` : ""}`);
  return true;
}
