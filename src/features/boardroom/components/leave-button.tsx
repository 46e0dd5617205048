import { useTranslation } from "react-i18next";
import { useWriteDaoLeaveDirector } from "@generated/hooks/dao";
import type { useProtocolTx } from "@/lib/protocol/use-protocol-tx";

/**
 * A director gives up its seat (`leaveDirector`); its signatures stop counting. The caller owns
 * the transaction and shows its status: once the leave confirms the card swaps this button for
 * Join, and a status kept in here would vanish with it before the user saw "confirmed".
 */
export function LeaveButton({ tx }: { tx: ReturnType<typeof useProtocolTx> }) {
  const { t } = useTranslation();
  const { writeContractAsync } = useWriteDaoLeaveDirector();
  return (
    <button
      type="button"
      className="btn btn--secondary btn--block"
      disabled={tx.busy}
      onClick={() => void tx.run("leaveDirector", () => writeContractAsync({}))}
      data-testid="boardroom-leave"
    >
      {t("boardroom.leave.submit")}
    </button>
  );
}
