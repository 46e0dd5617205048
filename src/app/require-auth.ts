import { type LoaderFunctionArgs, redirect } from "react-router";
import { paths } from "@/config/paths";
import { getUserInfo } from "@/features/user/api/get-user-info";
import { isLoggedIn, needsRegistration, setRedirect, takeRedirect } from "@/lib/session";

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
 * The stored user info says "not registered": ask the server, which knows better when the
 * address registered since (on another device, in another tab). The answer is stored. Offline,
 * the stored copy stands.
 */
async function stillUnregistered(signal: AbortSignal): Promise<boolean> {
  if (!needsRegistration()) return false;
  try {
    return (await getUserInfo({ signal })).registered === false;
  } catch {
    return true;
  }
}

/**
 * Guards the pages of actions that need a registered account (`REGISTRATION_PAGES`), for visits
 * by address or reload: the taps that lead here already ask first (registration-prompt.tsx). An
 * address that has not registered goes to the registration form, which leads back here.
 */
export async function requireRegistrationLoader({ request }: LoaderFunctionArgs) {
  if (!(await stillUnregistered(request.signal))) return null;
  const url = new URL(request.url);
  setRedirect(`${url.pathname}${url.search}`);
  return redirect(paths.login);
}

/**
 * A signed-in visitor has nothing to do on the login page, unless the address still has to
 * register (the page then shows the form); otherwise it goes on to the page it was sent from.
 */
export async function redirectIfLoggedInLoader({ request }: LoaderFunctionArgs) {
  if (!isLoggedIn() || (await stillUnregistered(request.signal))) return null;
  return redirect(takeRedirect() ?? paths.my);
}
