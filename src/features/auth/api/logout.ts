import { api } from "@/lib/api-client";
import { endSession } from "@/lib/end-session";

/** POST /base/api/user/logout: ends the session on the server. */
export function logoutRequest(): Promise<null> {
  return api.post<null>("/user/logout");
}

/**
 * Signs out: asks the server to forget the token (a failure does not keep the user signed in),
 * then clears the local session and goes to the login page. Clearing the query cache there is
 * its invalidation.
 */
export async function logout(): Promise<void> {
  try {
    await logoutRequest();
  } catch {
    // Ignored on purpose (the token may already be invalid); the local session ends regardless.
  }
  endSession();
}
