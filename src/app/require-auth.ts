import { paths } from "@/config/paths";
import { getUserInfo } from "@/features/user/api/get-user-info";
import { isLoggedIn, needsRegistration, takeRedirect } from "@/lib/session";

/**
 * Where a visit to a page goes instead, or null to show it. The guards (route-guards.tsx) ask
 * once per visit and remember the page under the redirect key when they send it to login.
 */

/** The protected pages: a signed-out visitor signs in first. */
export function authRedirect(): string | null {
  return isLoggedIn() ? null : paths.login;
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
 * The pages of actions that need a registered account (`REGISTRATION_PAGES`), for visits by
 * address or reload: the taps that lead here already ask first (registration-prompt.tsx). An
 * address that has not registered goes to the registration form, which leads back here.
 * Needs the server only when the stored info says "not registered" (`needsRegistration`).
 */
export async function registrationRedirect(signal: AbortSignal): Promise<string | null> {
  return (await stillUnregistered(signal)) ? paths.login : null;
}

/**
 * A signed-in visitor has nothing to do on the login page, unless the address still has to
 * register (the page then shows the form); otherwise it goes on to the page it was sent from.
 * Needs the server only for a signed-in visitor (`isLoggedIn`).
 */
export async function loginPageRedirect(signal: AbortSignal): Promise<string | null> {
  if (!isLoggedIn() || (await stillUnregistered(signal)) || signal.aborted) return null;
  return takeRedirect() ?? paths.my;
}
