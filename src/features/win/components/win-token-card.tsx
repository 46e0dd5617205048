import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { FigureCard } from "@/components/protocol/figure-card";
import { WalletGate, useViewerAddress } from "@/components/protocol/chain-guard";
import { TokenAmountInput, validTokenAmount } from "@/components/protocol/token-amount-input";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { vaultTokenAbi } from "@generated/abi/vault-token";
import { formatToken, formatTokenPrice } from "@/lib/protocol/token-amount";
import { useProtocolTx } from "@/lib/protocol/use-protocol-tx";
import { useWriteContract } from "@/lib/wallet/lazy-write";
import { TransactionStatus } from "@/lib/wallet/transaction-status";
import { useVaultToken } from "../hooks/use-vault-token";
import { WinFundForm } from "./win-fund-form";
import { redeemQuote } from "../utils/redeem";

/**
 * One reward token (WIN or WIN1): balance, price, vault, redeem for USDB (burns the tokens; no
 * approval), and funding its vault with USDB.
 */
export function WinTokenCard({ token, symbol, redeem = true }: { token: Address | undefined; symbol: string; redeem?: boolean }) {
  const { t } = useTranslation();
  const address = useViewerAddress();
  const { token: data, isError, refetch, isFetching } = useVaultToken(token, address);
  const [text, setText] = useState("");
  const tx = useProtocolTx(`redeem-${symbol}`);
  const { writeContractAsync } = useWriteContract();
  const id = symbol.toLowerCase();
  if (isError && !data) return <LoadError onRetry={() => void refetch()} busy={isFetching} />;
  if (!data || !token) return <PageSpinner />;
  const amount = validTokenAmount(text, 18, data.balance);
  const quote = amount === null ? null : redeemQuote(amount, data.vault, data.supply);
  return (
    <FigureCard
      id={`${id}-title`}
      title={symbol}
      testId={`${id}-card`}
      figures={[
        {
          id: `${id}-balance`,
          label: t("protocol.win.balance"),
          value: address ? `${formatToken(data.balance, 18, 4)} ${symbol}` : "—",
        },
        { id: `${id}-price`, label: t("protocol.win.price"), value: `${formatTokenPrice(data.price)} USDB` },
        { id: `${id}-vault`, label: t("protocol.win.vault"), value: `${formatToken(data.vault)} USDB` },
        { id: `${id}-supply`, label: t("protocol.win.supply"), value: `${formatToken(data.supply)} ${symbol}` },
      ]}
    >
      {redeem && address ? (
        <WalletGate>
          <TokenAmountInput
            label={t("protocol.win.redeemAmount", { symbol })}
            symbol={symbol}
            decimals={18}
            value={text}
            onChange={setText}
            max={data.balance}
            disabled={tx.busy}
            testId={`${id}-amount`}
          />
          <p className="status-line" data-testid={`${id}-quote`}>
            {t("protocol.win.youGet", { amount: quote === null ? "—" : formatToken(quote, 18, 4) })}
          </p>
          <button
            type="button"
            className="btn btn--primary btn--block"
            disabled={tx.busy || amount === null}
            onClick={async () => {
              if (amount === null) return;
              const receipt = await tx.run("redeem", () =>
                writeContractAsync({ address: token, abi: vaultTokenAbi, functionName: "redeem", args: [amount] }),
              );
              if (receipt) setText("");
            }}
            data-testid={`${id}-redeem`}
          >
            {t("protocol.win.redeem")}
          </button>
          <TransactionStatus state={tx.state} testId={`${id}-status`} />
          <WinFundForm token={token} symbol={symbol} account={address} />
        </WalletGate>
      ) : null}
    </FigureCard>
  );
}
