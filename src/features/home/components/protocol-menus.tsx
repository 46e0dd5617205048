import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { protocolMenus } from "@/config/paths";
import "./home.css";

/** The protocol menus of the text catalogue, each linking to its page under /pages/protocol. */
export function ProtocolMenus() {
  const { t } = useTranslation();
  return (
    <nav className="card" aria-labelledby="protocol-menus">
      <h2 id="protocol-menus" className="card__title">
        {t("home.protocol.title")}
      </h2>
      <ul className="protocol">
        {protocolMenus.map((menu) => (
          <li key={menu.id}>
            <Link to={menu.path} className="protocol__link" data-testid={`protocol-${menu.id}`}>
              {t(`home.protocol.${menu.id}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
