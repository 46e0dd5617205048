import { formatCny, formatUsdt, thousands } from "@domain/money";
import { useTranslation } from "react-i18next";
import type { UserInfo } from "@/types/api";

/** The three balances, from their integer minor units. */
export function AssetSummary({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  const items = [
    { key: "amountCny", label: t("user.amountCny"), value: thousands(formatCny(info.amountCny)) },
    { key: "amountUsdt", label: t("user.amountUsdt"), value: thousands(formatUsdt(info.amountUsdt)) },
    { key: "withdrawUsdt", label: t("user.withdrawUsdt"), value: thousands(formatUsdt(info.withdrawUsdt)) },
  ];
  return (
    <ul className="user-info__assets" aria-label={t("user.assets")}>
      {items.map((item) => (
        <li key={item.key} className="user-info__asset" data-testid={`asset-${item.key}`}>
          <span className="user-info__asset-label">{item.label}</span>
          <span className="user-info__asset-value">{item.value}</span>
        </li>
      ))}
    </ul>
  );
}
