import { WalletGate, useViewerAddress, useWalletReadiness } from "@/components/protocol/chain-guard";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { useBondMarket } from "../hooks/use-bond-reads";
import { BondForm } from "./bond-form";
import { BondNotes } from "./bond-notes";
import { BondTerms } from "./bond-terms";

export function BondScreen() {
  const { address, readiness } = useWalletReadiness();
  const viewer = useViewerAddress();
  const { market, isError, refetch, isFetching } = useBondMarket();
  return (
    <>
      {isError && !market ? (
        <LoadError onRetry={() => void refetch()} busy={isFetching} />
      ) : !market ? (
        <PageSpinner />
      ) : (
        <BondTerms market={market} />
      )}
      <WalletGate>{address ? <BondForm account={address} /> : null}</WalletGate>
      {viewer ? <BondNotes account={viewer} canWrite={readiness === "ready"} /> : null}
    </>
  );
}
