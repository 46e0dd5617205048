import { useTranslation } from "react-i18next";
import { appChain } from "@/config/chain";

/** How to add the app's chain to a wallet by hand. */
export function NetworkHelp() {
  const { t } = useTranslation();
  const rows = [
    { label: t("login.help.networkName"), value: appChain.name },
    { label: t("login.help.rpcUrl"), value: appChain.rpcUrl },
    { label: t("login.help.chainId"), value: String(appChain.id) },
    { label: t("login.help.currency"), value: appChain.currency.symbol },
  ];
  return (
    <details className="card login__help">
      <summary>{t("login.help.title")}</summary>
      <p className="muted">{t("login.help.intro")}</p>
      <dl>
        {rows.map((row) => (
          <div key={row.label} className="login__help-row">
            <dt>{row.label}</dt>
            <dd>
              <code>{row.value}</code>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
