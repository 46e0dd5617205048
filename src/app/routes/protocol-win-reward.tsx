import { WinTokenCard } from "@/features/win/components/win-token-card";
import { protocolAddress } from "@/lib/protocol/addresses";

/** /pages/protocol/win-reward */
export default function ProtocolWinRewardRoute() {
  return <WinTokenCard token={protocolAddress.win} symbol="WIN" />;
}
