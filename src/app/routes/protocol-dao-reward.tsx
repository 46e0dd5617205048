import { DaoRewardScreen } from "@/features/dao-reward/components/dao-reward-screen";
import { TeamInvitees } from "@/features/dao-reward/components/team-invitees";

/** /pages/protocol/dao-reward: the account's DAO figures, then its direct invitees on chain. */
export default function ProtocolDaoRewardRoute() {
  return (
    <>
      <DaoRewardScreen />
      <TeamInvitees />
    </>
  );
}
