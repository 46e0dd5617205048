import { WinTokenCard } from "@/features/win/components/win-token-card";
import { protocolAddress } from "@/lib/protocol/addresses";

/** /pages/protocol/win: WIN Related, both reward tokens side by side (redeem on their own pages). */
export default function ProtocolWinRoute() {
  return (
    <>
      <WinTokenCard token={protocolAddress.win} symbol="WIN" redeem={false} />
      <WinTokenCard token={protocolAddress.win1} symbol="WIN1" redeem={false} />
    </>
  );
}
