import { useTranslation } from "react-i18next";
import { dataKey } from "@/lib/i18n";
import { TransactionStatus } from "@/lib/wallet/transaction-status";
import type { TxState } from "@/lib/wallet/use-transactor";
import { boardroomRefusal, refusalKey } from "../utils/refusal";

/** The runner's state, with the DAO's refusals told in the user's language instead of their raw name. */
export function BoardroomTxStatus({ state, testId }: { state: TxState; testId: string }) {
  const { t } = useTranslation();
  const refusal = boardroomRefusal(state.error);
  return <TransactionStatus state={refusal ? { ...state, error: t(dataKey(refusalKey(refusal))) } : state} testId={testId} />;
}
