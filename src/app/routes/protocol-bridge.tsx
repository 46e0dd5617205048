import { BridgeScreen } from "@/features/bridge/components/bridge-screen";

/** /pages/protocol/bridge */
export default function ProtocolBridgeRoute() {
  return <BridgeScreen />;
}
