import { useTranslation } from "react-i18next";
import { FundsFields, useFunds } from "@/components/funds-fields";
import { BottomSheet } from "@/components/ui/bottom-sheet";
import { Form } from "@/components/ui/form";
import { toast } from "@/lib/toast";
import { useTransfer } from "../api/transfer";

/** Moves withdrawable USDT into the spendable balance (DESIGN.md §2), with the fund password. */
export function TransferPopup({
  open,
  withdrawUsdt,
  onClose,
}: {
  open: boolean;
  withdrawUsdt: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const funds = useFunds(withdrawUsdt);
  const mutation = useTransfer();
  if (!open) return null;

  const confirm = async () => {
    funds.setRefusal(null);
    const micro = funds.check(t("transfer.amountPlaceholder"));
    if (micro === null || funds.exceedsBalance(micro)) return;
    if (!(await funds.send(() => mutation.mutateAsync({ amount: micro.toString(), password: funds.password })))) return;
    toast.success(t("transfer.success"));
    onClose();
  };

  return (
    <BottomSheet open title={t("transfer.title")} onClose={onClose} testId="transfer-popup">
      <Form onSubmit={confirm} submitLabel={t("transfer.confirm")} busy={mutation.isPending} submitTestId="transfer-confirm">
        <p className="muted" style={{ margin: 0 }}>
          {t("transfer.explain")}
        </p>
        <FundsFields
          funds={funds}
          amountLabel={t("transfer.amount")}
          amountPlaceholder={t("transfer.amountPlaceholder")}
          testId="transfer"
        />
      </Form>
    </BottomSheet>
  );
}
