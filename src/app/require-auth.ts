import { type LoaderFunctionArgs, redirect } from "react-router";
import { paths } from "@/config/paths";
import { getStoredUserInfo, isLoggedIn, needsRegistration, setRedirect } from "@/lib/session";

/**
 * Guards the protected pages: a signed-out visitor is sent to the login page, and the page is
 * remembered under the redirect key so that signing in leads back to it.
 */
export function requireAuthLoader({ request }: LoaderFunctionArgs) {
  if (isLoggedIn()) return null;
  const url = new URL(request.url);
  setRedirect(`${url.pathname}${url.search}`);
  return redirect(paths.login);
}

/**
 * Guards the pages of actions that need a registered account (`REGISTRATION_PAGES`), for visits
 * by address or reload: the taps that lead here already ask first (registration-prompt.tsx). An
 * address that has not registered goes to the registration form, which leads back here.
 */
export function requireRegistrationLoader({ request }: LoaderFunctionArgs) {
  if (!needsRegistration()) return null;
  const url = new URL(request.url);
  setRedirect(`${url.pathname}${url.search}`);
  return redirect(paths.login);
}

/** A signed-in visitor has nothing to do on the login page, unless the address still has to register. */
export function redirectIfLoggedInLoader() {
  if (!isLoggedIn() || getStoredUserInfo()?.registered === false) return null;
  return redirect(paths.my);
}
