import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { protocolMenus } from "@/config/paths";
import "./protocol-menu-grid.css";

/** The protocol menus of the text catalogue as a card of tiles, each opening its page (the zone tab). */
export function ProtocolMenuGrid() {
  const { t } = useTranslation();
  return (
    <nav className="card" aria-labelledby="protocol-menu-grid" data-testid="protocol-menu-grid">
      <h2 id="protocol-menu-grid" className="card__title">
        {t("protocol.menuTitle")}
      </h2>
      <ul className="protocol-grid">
        {protocolMenus.map((menu) => (
          <li key={menu.id}>
            <Link to={menu.path} className="protocol-grid__link" data-testid={`zone-protocol-${menu.id}`}>
              {t(`protocol.menu.${menu.id}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
