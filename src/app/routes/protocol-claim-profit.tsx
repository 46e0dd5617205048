import { ClaimProfitScreen } from "@/features/claim-profit/components/claim-profit-screen";

/** /pages/protocol/claim-profit */
export default function ProtocolClaimProfitRoute() {
  return <ClaimProfitScreen />;
}
