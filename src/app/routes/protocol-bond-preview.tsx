import { PageSpinner } from "@/components/ui/spinner";
import { BondTermsPreview } from "@/features/bond/components/bond-terms-preview";
import { usePublicFigures } from "@/lib/protocol/public-figures";

/** Bond's terms from the server's figures while the wallet code loads (app/protocol-figures-preview.tsx). */
export default function ProtocolBondPreview() {
  const figures = usePublicFigures().data?.figures;
  return figures?.bonds ? <BondTermsPreview figures={figures} /> : <PageSpinner />;
}
