import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card } from "@/components/ui/card";
import { protocolMenus } from "@/config/paths";
import "./protocol-menu-grid.css";

/** The protocol menus of the text catalogue as a card of tiles, each opening its page (the zone tab). */
export function ProtocolMenuGrid() {
  const { t } = useTranslation();
  return (
    <Card id="protocol-menu-grid" title={t("protocol.menuTitle")} as="nav" testId="protocol-menu-grid">
      <ul className="protocol-grid">
        {protocolMenus.map((menu) => (
          <li key={menu.id}>
            <Link to={menu.path} className="protocol-grid__link" data-testid={`zone-protocol-${menu.id}`}>
              {t(`protocol.menu.${menu.id}`)}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
