import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { paths } from "@/config/paths";

export const EARNINGS_PAGES = [
  { path: paths.productRevenue, key: "earnings.productRevenue" },
  { path: paths.playerEarnings, key: "earnings.playerEarnings" },
  { path: paths.quarterlyEarnings, key: "earnings.quarterlyEarnings" },
  { path: paths.incomeInvestment, key: "earnings.incomeInvestment" },
] as const;

/** Switches between the four earnings views. */
export function EarningsNav() {
  const { t } = useTranslation();
  return (
    <nav className="earnings-nav" aria-label={t("earnings.views")}>
      {EARNINGS_PAGES.map((page) => (
        <NavLink key={page.path} to={page.path} className="earnings-nav__link" replace>
          {t(page.key)}
        </NavLink>
      ))}
    </nav>
  );
}
