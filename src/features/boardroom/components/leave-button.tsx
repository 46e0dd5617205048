import { useTranslation } from "react-i18next";
import { useWriteDaoLeaveDirector } from "@generated/contracts";
import { useProtocolTx } from "@/lib/protocol/use-protocol-tx";
import { BoardroomTxStatus } from "./boardroom-tx-status";

/** A director gives up its seat (`leaveDirector`); its signatures stop counting. */
export function LeaveButton() {
  const { t } = useTranslation();
  const tx = useProtocolTx("leave-director");
  const { writeContractAsync } = useWriteDaoLeaveDirector();
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary btn--block"
        disabled={tx.busy}
        onClick={() => void tx.run("leaveDirector", () => writeContractAsync({}))}
        data-testid="boardroom-leave"
      >
        {t("boardroom.leave.submit")}
      </button>
      <BoardroomTxStatus state={tx.state} testId="boardroom-leave-status" />
    </>
  );
}
