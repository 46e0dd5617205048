import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { protocolMenus } from "@/config/paths";
import "./protocol.css";

/**
 * The protocol menus (specification §1) as a horizontally scrolling strip; the current one is
 * marked. Switching menus replaces the history entry, as switching tabs would: back then returns
 * to where the visitor entered the protocol area, not through every menu seen on the way.
 */
export function ProtocolNav() {
  const { t } = useTranslation();
  return (
    <nav className="protocol-nav" aria-label={t("protocol.menuTitle")}>
      <ul>
        {protocolMenus.map((menu) => (
          <li key={menu.id}>
            <NavLink to={menu.path} replace className="protocol-nav__link" data-testid={`protocol-nav-${menu.id}`}>
              {t(`protocol.menu.${menu.id}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
