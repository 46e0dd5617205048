import { type LoaderFunctionArgs, redirect } from "react-router";
import { paths } from "@/config/paths";
import { isLoggedIn, setRedirect } from "@/lib/session";

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

/** A signed-in visitor has nothing to do on the login page. */
export function redirectIfLoggedInLoader() {
  return isLoggedIn() ? redirect(paths.my) : null;
}
