import { useLatestBlock } from "@/components/protocol/as-of-block";
import { WalletGate, useViewerAddress, useWalletReadiness } from "@/components/protocol/chain-guard";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { usePublicFigures } from "@/lib/protocol/public-figures";
import { useWalletGuard } from "@/lib/protocol/wallet-guard-slot";
import { useBondMarket } from "../hooks/use-bond-reads";
import { BondForm } from "./bond-form";
import { BondNotes } from "./bond-notes";
import { BondTerms } from "./bond-terms";
import { BondTermsPreview } from "./bond-terms-preview";

export function BondScreen() {
  const { address, readiness } = useWalletReadiness();
  const viewer = useViewerAddress();
  const guard = useWalletGuard();
  const { market, isError, refetch, isFetching } = useBondMarket();
  const block = useLatestBlock();
  const figures = usePublicFigures().data?.figures;
  // The wallet's terms once its reads and its block are both here; until then the server's, the
  // same card in the same place (what the layout's fallback showed), so nothing moves.
  const terms =
    market && block ? (
      <BondTerms market={market} block={block} />
    ) : figures?.bonds ? (
      <BondTermsPreview figures={figures} />
    ) : null;
  return (
    <>
      {terms ?? (isError && !market ? null : <PageSpinner />)}
      {guard}
      {isError && !market ? <LoadError onRetry={() => void refetch()} busy={isFetching} /> : null}
      {/* The form prices and sends a bond from the wallet's own reads, never the server's figures. */}
      <WalletGate>{address ? <BondForm account={address} /> : null}</WalletGate>
      {viewer ? <BondNotes account={viewer} canWrite={readiness === "ready"} /> : null}
    </>
  );
}
