import { shortenAddress } from "@domain/address";
import { useTranslation } from "react-i18next";
import { isBusy, type TxState } from "./use-transactor";

/** The runner's state as a line the user can read, with the explorer link once submitted. */
export function TransactionStatus({ state, testId = "tx-status" }: { state: TxState; testId?: string }) {
  const { t } = useTranslation();
  if (state.phase === "idle") return null;
  const failed = state.phase === "rejected" || state.phase === "reverted" || state.phase === "failed";
  const busy = isBusy(state.phase);
  return (
    <div
      className={failed ? "alert" : "status-line"}
      role={failed ? "alert" : "status"}
      data-testid={testId}
      data-phase={state.phase}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      <span>
        {t(`tx.phase.${state.phase}`)}
        {state.error ? `: ${state.error}` : ""}
        {state.hash && state.explorerUrl ? (
          <>
            {" "}
            <a href={state.explorerUrl} target="_blank" rel="noreferrer">
              {t("tx.viewOnExplorer")}
            </a>
          </>
        ) : null}
        {/* Without an explorer (the local chain) the hash itself is what the user can look up. */}
        {state.hash && !state.explorerUrl ? (
          <>
            {" "}
            <code className="tx-hash" title={state.hash} data-testid={`${testId}-hash`}>
              {shortenAddress(state.hash, 8, 6)}
            </code>
          </>
        ) : null}
      </span>
    </div>
  );
}
