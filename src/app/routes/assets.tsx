import { useState } from "react";
import { useTranslation } from "react-i18next";
import { HeaderBar } from "@/components/layout/header-bar";
import { useRequireRegistration } from "@/components/registration-prompt";
import { AssetRecords } from "@/features/assets/components/asset-records";
import { type AssetAction, BalanceCard } from "@/features/assets/components/balance-card";
import { RechargePopup } from "@/features/recharge/components/recharge-popup";
import { TransferPopup } from "@/features/transfer/components/transfer-popup";
import { WithdrawPopup } from "@/features/withdraw/components/withdraw-popup";
import { USDT_WITHDRAW_INFO } from "@/features/withdraw/utils/withdraw-options";
import { useUserInfo } from "@/features/user/api/get-user-info";

/**
 * The assets tab: balances, recharge / withdraw / transfer popups (each needs a registered
 * account), and the records.
 */
export default function AssetsRoute() {
  const { t } = useTranslation();
  const { data: info, refetch } = useUserInfo();
  const [open, setOpen] = useState<AssetAction | null>(null);
  // Every opening remounts the popup, so it starts blank (specification §4).
  const [openCount, setOpenCount] = useState(0);
  const close = () => setOpen(null);
  const requireRegistration = useRequireRegistration();
  const onAction = (action: AssetAction) => {
    if (!requireRegistration()) return;
    void refetch();
    setOpenCount((n) => n + 1);
    setOpen(action);
  };
  return (
    <>
      <HeaderBar title={t("assets.title")} showBack={false} />
      <main className="page">
        <BalanceCard info={info} onAction={onAction} />
        <AssetRecords />
      </main>
      <RechargePopup
        key={`recharge-${openCount}`}
        currency={open === "cny" ? "CNY" : open === "usdt" ? "USDT" : null}
        accountType={info?.type}
        onClose={close}
      />
      <WithdrawPopup
        key={`withdraw-${openCount}`}
        info={open === "withdraw" ? USDT_WITHDRAW_INFO : null}
        withdrawUsdt={info?.withdrawUsdt}
        onClose={close}
      />
      <TransferPopup key={`transfer-${openCount}`} open={open === "transfer"} withdrawUsdt={info?.withdrawUsdt} onClose={close} />
    </>
  );
}
