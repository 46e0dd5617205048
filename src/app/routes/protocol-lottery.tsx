import { LotteryScreen } from "@/features/lottery/components/lottery-screen";
import { useUserInfo } from "@/features/user/api/get-user-info";
import { isLoggedIn } from "@/lib/session";

/** /pages/protocol/lottery */
export default function ProtocolLotteryRoute() {
  const { data: info } = useUserInfo({ enabled: isLoggedIn() });
  return <LotteryScreen nickname={info?.nickname ?? null} />;
}
