import { PageSpinner } from "@/components/ui/spinner";
import { RoundCardPreview } from "@/features/lottery/components/round-card-preview";
import { roundCardPreviewFigures } from "@/features/lottery/utils/round-figures";
import { usePublicFigures } from "@/lib/protocol/public-figures";

/** The lottery's current round from the server's figures while the wallet code loads (app/protocol-figures-preview.tsx). */
export default function ProtocolLotteryPreview() {
  const server = usePublicFigures();
  const figures = server.data?.figures;
  return figures && roundCardPreviewFigures(figures) ? (
    <RoundCardPreview figures={figures} seenAt={server.dataUpdatedAt} />
  ) : (
    <PageSpinner />
  );
}
