import { PageSpinner } from "@/components/ui/spinner";
import { StakeBalances, serverBalancesOf } from "@/features/stake/components/stake-balances";
import { StakeSummaryPreview } from "@/features/stake/components/stake-summary-preview";
import { useMyFigures } from "@/lib/protocol/my-figures";
import { usePublicFigures } from "@/lib/protocol/public-figures";
import { getStoredAddress } from "@/lib/session";

/**
 * Stake's first cards from the server's figures while the wallet code loads
 * (app/protocol-figures-preview.tsx): the summary, and the signed-in account's balances as the
 * server read them for its session (ADR-0212).
 */
export default function ProtocolStakePreview() {
  const server = usePublicFigures();
  const figures = server.data?.figures;
  const balances = serverBalancesOf(useMyFigures().data?.figures, getStoredAddress());
  if (!figures?.stake) return <PageSpinner />;
  return (
    <>
      <StakeSummaryPreview figures={figures} seenAt={server.dataUpdatedAt} />
      {balances ? <StakeBalances {...balances} /> : null}
    </>
  );
}
