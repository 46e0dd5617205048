import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/config/paths";

/** What a wallet without an operator role sees at `#/admin`: the refusal, and the way back to the shop. */
export function ConsoleRefusal({ message, refusalKey }: { message: string; refusalKey: string | undefined }) {
  const { t } = useTranslation();
  return (
    <main className="page console-refusal" data-testid="console-refusal" data-key={refusalKey}>
      <h1 className="console-refusal__title">{t("console.title")}</h1>
      <div className="card form-stack">
        <p className="alert" role="alert" data-testid="console-refusal-text">
          {message}
        </p>
        <p className="muted console-note">{t("console.refusal.help")}</p>
        <Link className="btn btn--primary btn--block" to={paths.home}>
          {t("console.backToShop")}
        </Link>
      </div>
    </main>
  );
}
