import { PageSpinner } from "@/components/ui/spinner";
import { StakeSummaryPreview } from "@/features/stake/components/stake-summary-preview";
import { usePublicFigures } from "@/lib/protocol/public-figures";

/** Stake's first card from the server's figures while the wallet code loads (app/protocol-figures-preview.tsx). */
export default function ProtocolStakePreview() {
  const server = usePublicFigures();
  const figures = server.data?.figures;
  return figures?.stake ? <StakeSummaryPreview figures={figures} seenAt={server.dataUpdatedAt} /> : <PageSpinner />;
}
