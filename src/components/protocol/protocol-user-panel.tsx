import { shortenAddress } from "@domain/address";
import { formatUsdt, thousands } from "@domain/money";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { UserInfo } from "@/types/api";
import { FigureList } from "./figure-list";

/**
 * The protocol area's user info panel (specification §2): Address, Invitation Code, Assets,
 * Inviter, Sign out; addresses shortened. Data comes from the caller (the app layer reads the
 * user info and passes the sign-out control), so shared code imports no feature.
 */
export function ProtocolUserPanel({
  info,
  signOut,
  assets,
}: {
  info: UserInfo | undefined;
  signOut?: ReactNode;
  assets?: ReactNode;
}) {
  const { t } = useTranslation();
  // While the info loads, the closed panel's box is already there, so the page below does not move.
  if (!info)
    return (
      <details className="card protocol-user" aria-busy="true" data-testid="protocol-user-panel-pending">
        <summary>
          <span className="protocol-user__summary">{t("user.address")}</span> <strong>…</strong>
        </summary>
      </details>
    );
  return (
    <details className="card protocol-user" data-testid="protocol-user-panel">
      <summary>
        <span className="protocol-user__summary">{t("user.address")}</span>{" "}
        <strong title={info.address}>{shortenAddress(info.address)}</strong>
      </summary>
      <FigureList
        figures={[
          {
            id: "user-address",
            label: t("user.address"),
            value: <span title={info.address}>{shortenAddress(info.address)}</span>,
          },
          { id: "user-invitation", label: t("user.invitationCode"), value: info.invitation },
          {
            id: "user-assets",
            label: t("user.assets"),
            value: assets ?? `${thousands(formatUsdt(info.amountUsdt))} USDT`,
          },
          { id: "user-inviter", label: t("user.inviter"), value: info.inviter ?? "—" },
        ]}
      />
      {signOut ? <div className="protocol-user__actions">{signOut}</div> : null}
    </details>
  );
}
