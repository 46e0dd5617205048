import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card } from "@/components/ui/card";
import { protocolMenus } from "@/config/paths";
import "./home.css";

/** The protocol menus of the text catalogue, each linking to its page under /pages/protocol. */
export function ProtocolMenus() {
  const { t } = useTranslation();
  return (
    <Card id="protocol-menus" title={t("home.protocol.title")} as="nav">
      <ul className="protocol">
        {protocolMenus.map((menu) => (
          <li key={menu.id}>
            <Link to={menu.path} className="protocol__link" data-testid={`protocol-${menu.id}`}>
              {t(`home.protocol.${menu.id}`)}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
