import { WinTokenCard } from "@/features/win/components/win-token-card";
import { protocolAddress } from "@/lib/protocol/addresses";

/** /pages/protocol/win1-reward */
export default function ProtocolWin1RewardRoute() {
  return <WinTokenCard token={protocolAddress.win1} symbol="WIN1" />;
}
