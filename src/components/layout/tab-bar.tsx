import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { TABS, resolveActiveTab, tabForPath } from "@/config/tabs";
import { storageKeys } from "@/lib/session";
import { storage } from "@/lib/storage";
import { TabIcon } from "./tab-icons";
import "./tab-bar.css";

/** The remembered tab changes only by this bar's own effect, which a navigation re-renders anyway. */
const noChanges = () => () => undefined;
const rememberedTab = () => storage.get(storageKeys.tabId);

/** Bottom tab bar: the active tab follows the route and is remembered under `tabId`. */
export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The remembered tab is read once the app has taken over the web server's first screen (which
  // knows no storage): a hydration renders the server's snapshot, null, first.
  const remembered = useSyncExternalStore(noChanges, rememberedTab, () => null);
  const active = resolveActiveTab(pathname, remembered);

  useEffect(() => {
    if (tabForPath(pathname)) storage.set(storageKeys.tabId, active);
  }, [pathname, active]);

  return (
    <nav className="tab-bar" aria-label={t("nav.tabBar")}>
      <ul className="tab-bar__list">
        {TABS.map((tab) => (
          <li key={tab.id}>
            <Link
              to={tab.path}
              className="tab-bar__link"
              aria-current={tab.id === active ? "page" : undefined}
              data-testid={`tab-${tab.id}`}
            >
              <TabIcon id={tab.id} />
              <span>{t(tab.labelKey)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
