import { formatUsdt, thousands } from "@domain/money";
import { Suspense, lazy, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBoundary } from "@/components/error-boundary";
import { Card } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import type { UserInfo } from "@/types/api";
import { RechargeRecords } from "./recharge-records";

// The wallet stack loads with this page only (as on the login page).
const loadWalletRecharge = () => import("./wallet-recharge");

/** /pages/assets/recharge?payId=BSC: USDT recharge through the wallet on BSC BEP20. */
export function RechargeScreen({ payId, info }: { payId: string | null; info: UserInfo | undefined }) {
  const { t } = useTranslation();
  const [WalletRecharge, setWalletRecharge] = useState(() => lazy(loadWalletRecharge));
  if (payId !== "BSC") {
    return (
      <p className="alert" role="alert" data-testid="recharge-unsupported">
        {payId === "TRON" ? t("recharge.tronUnsupported") : t("recharge.unknownChannel")}
      </p>
    );
  }
  return (
    <>
      <Card id="recharge-balance-title" title={t("recharge.account")}>
        <p className="status-line">
          {t("assets.amountUsdt")}:{" "}
          <strong data-testid="recharge-account-balance">{info ? `${thousands(formatUsdt(info.amountUsdt))} USDT` : "…"}</strong>
        </p>
      </Card>
      <Card id="recharge-wallet-title" title={t("recharge.walletTitle")}>
        <ErrorBoundary
          fallback={(_error, reset) => (
            <LoadError
              text={t("login.walletLoadFailed")}
              onRetry={() => {
                setWalletRecharge(() => lazy(loadWalletRecharge));
                reset();
              }}
            />
          )}
        >
          <Suspense fallback={<PageSpinner />}>
            <WalletRecharge account={info?.address ?? null} />
          </Suspense>
        </ErrorBoundary>
      </Card>
      <RechargeRecords />
    </>
  );
}
