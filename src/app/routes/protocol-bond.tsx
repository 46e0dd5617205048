import { BondScreen } from "@/features/bond/components/bond-screen";

/** /pages/protocol/bond */
export default function ProtocolBondRoute() {
  return <BondScreen />;
}
