import { useTranslation } from "react-i18next";
import { TransactionStatus } from "@/lib/wallet/transaction-status";
import { useWriteSpexRebase } from "@generated/hooks/spex";
import { useChainNow } from "@/lib/protocol/use-chain-now";
import { useProtocolTx } from "@/lib/protocol/use-protocol-tx";
import { WalletGate } from "@/components/protocol/chain-guard";
import type { FiguresBlock } from "@/lib/protocol/figures-block";
import type { StakeSummaryFigures } from "../utils/stake-figures";
import { StakeSummaryView } from "./stake-summary-view";

/** Epoch, next rebase countdown, APY with its formula, and the rebase button once the epoch is due. */
export function StakeSummary({ overview, block }: { overview: StakeSummaryFigures; block: FiguresBlock }) {
  const { t } = useTranslation();
  const now = useChainNow();
  const tx = useProtocolTx("rebase");
  const { writeContractAsync } = useWriteSpexRebase();
  const due = now !== undefined && Number(overview.nextRebase) - now <= 0;
  return (
    <StakeSummaryView summary={overview} block={block} now={now}>
      {due || tx.state.phase !== "idle" ? (
        <WalletGate>
          {due ? (
            <button
              type="button"
              className="btn btn--primary btn--block"
              disabled={tx.busy}
              onClick={() => void tx.run("rebase", () => writeContractAsync({}))}
              data-testid="rebase"
            >
              {t("protocol.stake.rebase")}
            </button>
          ) : null}
          {/* Stays after the rebase (the epoch is no longer due) so its outcome remains visible. */}
          <TransactionStatus state={tx.state} testId="rebase-status" />
        </WalletGate>
      ) : null}
    </StakeSummaryView>
  );
}
