import { hashHref, paths } from "@/config/paths";
import { queryClient } from "./react-query";
import { clearSession, setRedirect } from "./session";

/** Fired after the local session ends, so a loaded wallet module can disconnect. */
export const SESSION_ENDED_EVENT = "pex:session-ended";

/**
 * Ends the session on this device (specification §4): clears local storage except the kept keys,
 * empties the cached user info, and goes to the login page. `returnTo` is remembered under the
 * redirect key so that signing in again leads back to it.
 */
export function endSession({ returnTo }: { returnTo?: string } = {}): void {
  clearSession();
  if (returnTo && returnTo !== paths.login) setRedirect(returnTo);
  queryClient.clear();
  window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
  window.location.hash = hashHref(paths.login);
}
