import { Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { LanguageSelect } from "@/components/language-select";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import type { OperatorMe } from "../api/get-operator-me";
import { type ConsoleAreaId, areasFor } from "../utils/areas";
import { AREA_PAGES } from "./console-areas";

/** The console's frame: who is signed in, the areas their roles open, and the open area. */
export function ConsoleShell({ me }: { me: OperatorMe }) {
  const { t } = useTranslation();
  const areas = areasFor(me.roles);
  const { requested, open } = useOpenArea(areas);
  const Page = open ? AREA_PAGES[open] : null;
  return (
    <div className="console" data-testid="console">
      <header className="console__header">
        <h1 className="console__title">{t("console.title")}</h1>
        <p className="console__who" data-testid="console-operator">
          <span className="sr-only">{t("console.signedInAs")} </span>
          <span className="mono">{me.operator}</span>
          <span className="console__roles">
            {me.roles.map((role) => (
              <span key={role} className="status-badge status-badge--approved" data-testid={`console-role-${role}`}>
                {t(`console.role.${role}`)}
              </span>
            ))}
          </span>
        </p>
        <div className="console__tools">
          <LanguageSelect />
          <Link className="btn btn--link" to={paths.home}>
            {t("console.backToShop")}
          </Link>
        </div>
      </header>
      <div className="console__body">
        <nav className="console__nav" aria-label={t("console.nav")} data-testid="console-nav">
          <ul>
            {areas.map((id) => (
              <li key={id}>
                <NavLink to={`${paths.admin}/${id}`} data-testid={`console-nav-${id}`}>
                  {t(`console.area.${id}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="console__main">
          <Suspense fallback={<PageSpinner />}>
            {Page ? (
              // Keyed by the area: its marker appears only once that area's page has rendered, not
              // while the previous page stays on screen during the navigation's transition.
              <div key={open} data-testid={`console-area-${open}`}>
                <Page me={me} />
              </div>
            ) : requested ? (
              <p className="alert">{t("console.areaClosed")}</p>
            ) : (
              <PageSpinner />
            )}
          </Suspense>
        </main>
      </div>
    </div>
  );
}

/**
 * The area `#/admin/<id>` asks for, and it again when the operator's roles open it (else null); `#/admin` itself goes
 * to the first area they open. Read from the location, so the console needs no route table of
 * its own in the app's router (and nothing more of the router than the shop already loads).
 */
function useOpenArea(areas: readonly ConsoleAreaId[]): { requested: string; open: ConsoleAreaId | null } {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const id = pathname.slice(paths.admin.length).replace(/^\//, "").split("/")[0] ?? "";
  const first = areas[0];
  useEffect(() => {
    if (id === "" && first) void navigate(`${paths.admin}/${first}`, { replace: true });
  }, [id, first, navigate]);
  return { requested: id, open: areas.find((area) => area === id) ?? null };
}
