/**
 * Whether the page before this one in the tab's history is one of ours, so that going back stays
 * in the app. React Router keeps an `idx` in `history.state`: 0 on the entry the app was opened
 * on, one more on every push, the same on a replace (a sign-in redirect), and it survives a
 * reload. The router's location key cannot tell: a redirect on the first load gets a fresh key.
 */
export function hasInAppHistory(): boolean {
  if (typeof window === "undefined") return false;
  const state: unknown = window.history.state;
  const idx = state && typeof state === "object" ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === "number" && idx > 0;
}
