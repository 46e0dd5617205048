import { shortenAddress } from "@domain/address";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { HeaderBar } from "@/components/layout/header-bar";
import { paths } from "@/config/paths";
import { useIsLoggedIn } from "@/hooks/use-is-logged-in";
import { getStoredAddress } from "@/lib/session";

export default function HomeRoute() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const address = loggedIn ? getStoredAddress() : null;
  return (
    <>
      <HeaderBar title={t("home.title")} showBack={false} />
      <main className="page">
        <section className="card" aria-labelledby="home-welcome">
          <h2 id="home-welcome" className="card__title">
            {t("home.welcome")}
          </h2>
          <p className="muted">{t("home.intro")}</p>
          {address ? (
            <p data-testid="home-signed-in" title={address}>
              {t("home.signedInAs", { address: shortenAddress(address) })}
            </p>
          ) : null}
          {loggedIn ? (
            <Link className="btn btn--primary btn--block" to={paths.my}>
              {t("home.openMine")}
            </Link>
          ) : (
            <Link className="btn btn--primary btn--block" to={paths.login} data-testid="home-sign-in">
              {t("home.signIn")}
            </Link>
          )}
        </section>
      </main>
    </>
  );
}
