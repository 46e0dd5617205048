import { StakeScreen } from "@/features/stake/components/stake-screen";

/** /pages/protocol/stake */
export default function ProtocolStakeRoute() {
  return <StakeScreen />;
}
