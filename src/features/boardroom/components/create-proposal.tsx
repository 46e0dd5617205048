import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useWriteDaoCreateProposal } from "@generated/hooks/dao";
import { newRandomReference } from "@/lib/protocol/reference";
import { useProtocolTx } from "@/lib/protocol/use-protocol-tx";
import { BoardroomTxStatus } from "./boardroom-tx-status";

/** A director creates a (signalling) proposal; its serial number is a fresh 13-digit reference, and the creator's signature counts. */
export function CreateProposal({ onCreated }: { onCreated?: (serial: bigint) => void }) {
  const { t } = useTranslation();
  const [serial, setSerial] = useState(() => newRandomReference());
  const tx = useProtocolTx("create-proposal");
  const { writeContractAsync } = useWriteDaoCreateProposal();
  return (
    <div className="boardroom-create">
      <p className="muted">{t("boardroom.create.hint", { serial: serial.toString() })}</p>
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={tx.busy}
        onClick={async () => {
          const receipt = await tx.run("createProposal", () => writeContractAsync({ args: [serial] }));
          if (receipt) {
            onCreated?.(serial);
            setSerial(newRandomReference());
          }
        }}
        data-testid="boardroom-create"
      >
        {t("boardroom.create.submit")}
      </button>
      <BoardroomTxStatus state={tx.state} testId="boardroom-create-status" />
    </div>
  );
}
