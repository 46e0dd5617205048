/**
 * What a server render of a signed-in visitor's screen reads instead of localStorage: that
 * visitor's session, set for the length of one synchronous render (`renderingFor`) and gone the
 * moment it returns, so no render ever sees another's (ADR-0198). Always null in a browser.
 */
let rendering: ReadonlyMap<string, string> | null = null;

/**
 * Runs `render` (synchronous: React's renderToString) with `values` as the storage it reads.
 * Writes during it are dropped: a render has no visitor's storage to write to.
 */
export function renderingFor<T>(values: Record<string, string>, render: () => T): T {
  if (rendering) throw new Error("renders do not nest");
  rendering = new Map(Object.entries(values));
  try {
    return render();
  } finally {
    rendering = null;
  }
}

/**
 * localStorage that never throws: private browsing modes and full quotas make the real one
 * throw, and a shop page must still render then (it just forgets).
 */
export const storage = {
  get(key: string): string | null {
    if (rendering) return rendering.get(key) ?? null;
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    if (rendering) return;
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Nothing to do: the value lives for this page view only.
    }
  },
  remove(key: string): void {
    if (rendering) return;
    try {
      window.localStorage.removeItem(key);
    } catch {
      // As above.
    }
  },
  keys(): string[] {
    if (rendering) return [...rendering.keys()];
    try {
      return Object.keys(window.localStorage);
    } catch {
      return [];
    }
  },
};
