import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card } from "@/components/ui/card";
import { LineIcon } from "@/components/ui/line-icon";
import { paths } from "@/config/paths";
import "./home.css";

const ENTRIES = [
  { path: paths.productRevenue, key: "home.entry.productRevenue", icon: "M4 20V10M10 20V4M16 20v-7M22 20H2" },
  {
    path: paths.playerEarnings,
    key: "home.entry.playerEarnings",
    icon: "M8 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2 20a6 6 0 0 1 12 0M16 4a3.5 3.5 0 0 1 0 7M18 14a6 6 0 0 1 4 6",
  },
  { path: paths.quarterlyEarnings, key: "home.entry.quarterlyEarnings", icon: "M3 5h18v16H3zM3 10h18M8 3v4M16 3v4" },
  { path: paths.incomeInvestment, key: "home.entry.incomeInvestment", icon: "M3 17l6-6 4 4 8-8M15 7h6v6" },
  { path: paths.team, key: "home.entry.team", icon: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0" },
  { path: paths.notice, key: "home.entry.notices", icon: "M4 10v4h3l5 4V6L7 10zM16 8.5a4.5 4.5 0 0 1 0 7" },
  { path: paths.alloy, key: "home.entry.alloy", icon: "M3 18 7 8h10l4 10zM7 8l2-4h6l2 4" },
] as const;

/** Quick entries: the four earnings pages, the team, notices and the alloy zone. */
export function HomeEntries() {
  const { t } = useTranslation();
  return (
    <Card id="home-entries" title={t("home.entries")} titleClassName="sr-only" as="nav">
      <ul className="entries">
        {ENTRIES.map((entry) => (
          <li key={entry.path}>
            <Link to={entry.path} className="entries__link">
              <LineIcon path={entry.icon} className="entries__icon" />
              <span>{t(entry.key)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
