import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useRequireRegistration } from "@/components/registration-prompt";
import { isRegistrationPage, paths } from "@/config/paths";
import "./my-entries.css";

const ENTRIES = [
  { key: "my.entry.assets", to: paths.assets, testId: "entry-assets" },
  { key: "my.entry.identity", to: paths.nameAuthentication, testId: "entry-identity" },
  { key: "my.entry.bank", to: paths.bank, testId: "entry-bank" },
  { key: "my.entry.address", to: paths.address, testId: "entry-address" },
  { key: "my.entry.team", to: paths.team, testId: "entry-team" },
  { key: "my.entry.notice", to: paths.notice, testId: "entry-notice" },
  { key: "my.entry.findPwd", to: paths.findPwd, testId: "entry-find-pwd" },
] as const;

/**
 * The my page's entries to every account page, plus the invite share button. The entries to
 * actions that need a registered account ask first, and lead there after registering.
 */
export function MyEntries({ onShare }: { onShare: () => void }) {
  const { t } = useTranslation();
  const requireRegistration = useRequireRegistration();
  return (
    <nav className="card my-entries" aria-label={t("my.entries")}>
      <ul className="my-entries__list">
        <li>
          <button type="button" className="my-entries__link" onClick={onShare} data-testid="entry-share">
            <span>{t("my.entry.share")}</span>
            <span aria-hidden="true">›</span>
          </button>
        </li>
        {ENTRIES.map((e) => (
          <li key={e.key}>
            <Link
              className="my-entries__link"
              to={e.to}
              data-testid={e.testId}
              onClick={(event) => {
                if (isRegistrationPage(e.to) && !requireRegistration({ returnTo: e.to })) event.preventDefault();
              }}
            >
              <span>{t(e.key)}</span>
              <span aria-hidden="true">›</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
