import { paths } from "./paths";

/**
 * The bottom tab bar (DESIGN.md §1): home · zone (alloy) · assets · mine. `also` lists other
 * paths of a tab, `under` the path prefixes it owns: the protocol pages are opened from the zone
 * tab, so they keep it active.
 */
export const TABS = [
  { id: "home", path: paths.home, labelKey: "nav.home", also: [paths.root], under: [] },
  { id: "zone", path: paths.alloy, labelKey: "nav.zone", also: [], under: [`${paths.protocol}/`] },
  { id: "assets", path: paths.assets, labelKey: "nav.assets", also: [], under: [] },
  { id: "mine", path: paths.my, labelKey: "nav.mine", also: [], under: [] },
] as const satisfies readonly {
  id: string;
  path: string;
  labelKey: string;
  also: readonly string[];
  under: readonly string[];
}[];

export type TabId = (typeof TABS)[number]["id"];

export function isTabId(value: unknown): value is TabId {
  return TABS.some((tab) => tab.id === value);
}

/** The tab whose page is `pathname`, if any. */
export function tabForPath(pathname: string): TabId | null {
  const tab = TABS.find(
    (t) =>
      t.path === pathname ||
      (t.also as readonly string[]).includes(pathname) ||
      (t.under as readonly string[]).some((prefix) => pathname.startsWith(prefix)),
  );
  return tab ? tab.id : null;
}

/** The route decides; elsewhere the remembered tab; else the first (specification §2). */
export function resolveActiveTab(pathname: string, storedTabId: string | null): TabId {
  return tabForPath(pathname) ?? (isTabId(storedTabId) ? storedTabId : TABS[0].id);
}
