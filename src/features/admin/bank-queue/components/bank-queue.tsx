import { useTranslation } from "react-i18next";
import { ApplicationQueue } from "../../components/application-queue";
import { Facts } from "../../components/facts";

/** The bank account queue (reviewer): the whole card number and whose it is. */
export function BankQueue() {
  const { t } = useTranslation();
  return (
    <ApplicationQueue
      queue="bank"
      title={t("console.area.bank")}
      details={(item) => (
        <Facts
          items={[
            [t("console.field.holder"), item.holder],
            [t("console.field.bankName"), item.bankName],
            [t("console.field.branch"), item.branch],
            [t("console.field.cardNumber"), <span className="mono">{item.cardNumber}</span>],
            [t("console.field.wallet"), <span className="mono">{item.address}</span>],
            [t("console.field.userId"), item.userId],
          ]}
        />
      )}
    />
  );
}
