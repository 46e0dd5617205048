import { DaoRewardScreen } from "@/features/dao-reward/components/dao-reward-screen";

/** /pages/protocol/dao-reward */
export default function ProtocolDaoRewardRoute() {
  return <DaoRewardScreen />;
}
