import { IdoReleaseScreen } from "@/features/ido-release/components/ido-release-screen";

/** /pages/protocol/ido-release */
export default function ProtocolIdoReleaseRoute() {
  return <IdoReleaseScreen />;
}
