import { shortenAddress } from "@domain/address";
import { useTranslation } from "react-i18next";
import { ChainListCard } from "@/components/protocol/chain-list-card";
import { useViewerAddress } from "@/components/protocol/chain-guard";
import { useReadDaoInviteesOf } from "@generated/hooks/dao";
import { newestInvitees } from "../utils/invitees";

/**
 * The account's direct invitees in the DAO's tree on chain (`inviteesOf`), newest first: whom
 * its team's sPEX counts. A member who registers through the account's invitation link appears
 * here once the server's binder has put the pair on chain (seconds on the local chain).
 */
export function TeamInvitees() {
  const { t } = useTranslation();
  const address = useViewerAddress();
  const invitees = useReadDaoInviteesOf({
    args: address ? [address] : undefined,
    query: { enabled: Boolean(address), refetchInterval: 15_000 },
  });
  if (!address) return null;
  const shown = invitees.data ? newestInvitees(invitees.data) : undefined;
  return (
    <ChainListCard
      id="dao-invitees-title"
      title={t("protocol.dao.team.title")}
      items={shown?.list}
      isError={invitees.isError}
      onRetry={() => void invitees.refetch()}
      retrying={invitees.isFetching}
      testId="dao-invitees"
      renderItem={(a) => (
        <li key={a} className="list__item" data-testid="dao-invitee" data-address={a.toLowerCase()}>
          <span title={a}>{shortenAddress(a)}</span>
        </li>
      )}
      footer={shown && shown.more > 0 ? <p className="muted">{t("protocol.dao.team.more", { count: shown.more })}</p> : null}
    />
  );
}
