import { shortenAddress } from "@domain/address";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { useUserInfo } from "../api/get-user-info";
import { AssetSummary } from "./asset-summary";
import { CopyButton } from "./copy-button";
import "./user-info-panel.css";

/**
 * User info panel (specification §2): address, invitation code, assets, inviter, sign out.
 * The sign-out control comes from the auth feature through `signOut`.
 */
export function UserInfoPanel({ signOut }: { signOut?: ReactNode }) {
  const { t } = useTranslation();
  const { data: info, isError, refetch, isFetching } = useUserInfo();

  if (!info) {
    return (
      <Card id="user-info-title" title={t("user.title")}>
        {isError ? (
          <>
            <p className="alert">{t("user.loadFailed")}</p>
            <button type="button" className="btn btn--secondary" onClick={() => void refetch()} disabled={isFetching}>
              {t("common.retry")}
            </button>
          </>
        ) : (
          <PageSpinner />
        )}
        {signOut ? <div className="user-info__actions">{signOut}</div> : null}
      </Card>
    );
  }

  return (
    <Card id="user-info-title" title={t("user.title")}>
      <dl className="user-info__list">
        <div className="user-info__row">
          <dt>{t("user.address")}</dt>
          <dd data-testid="user-address" title={info.address}>
            {shortenAddress(info.address)}
          </dd>
        </div>
        <div className="user-info__row">
          <dt>{t("user.invitationCode")}</dt>
          <dd className="user-info__code">
            <span data-testid="invitation-code">{info.invitation}</span>
            <CopyButton text={info.invitation} label={t("user.copyInvitationCode")} />
          </dd>
        </div>
        <div className="user-info__row">
          <dt>{t("user.inviter")}</dt>
          <dd data-testid="inviter">{info.inviter ?? "—"}</dd>
        </div>
      </dl>
      <h3 className="sr-only">{t("user.assets")}</h3>
      <AssetSummary info={info} />
      {signOut ? <div className="user-info__actions">{signOut}</div> : null}
    </Card>
  );
}
