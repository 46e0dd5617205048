import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { useBalance } from "wagmi";
import { TokenAmountInput, validTokenAmount } from "@/components/protocol/token-amount-input";
import { TradeLimitFields } from "@/components/protocol/trade-limit-fields";
import {
  useReadFrontGetLpBondParams,
  useReadFrontPreviewBond,
  useWriteFrontEthBondWithMin,
  useWriteFrontLpBond,
} from "@generated/hooks/front";
import { Card } from "@/components/ui/card";
import { nativeSymbol } from "@/config/chain";
import { PRICE_REFUSAL_KEY, priceRefusalOf } from "@/lib/protocol/price-refusal";
import { minAfterSlippage } from "@/lib/protocol/slippage";
import { newRandomReference } from "@/lib/protocol/reference";
import { formatToken } from "@/lib/protocol/token-amount";
import { useChainNow } from "@/lib/protocol/use-chain-now";
import { useProtocolTx } from "@/lib/protocol/use-protocol-tx";
import { useTradeLimits } from "@/lib/protocol/use-trade-limits";
import { TransactionStatus } from "@/lib/wallet/transaction-status";
import { ETH_BOND } from "../hooks/use-bond-reads";

/** ETH left for gas when Max fills the input. */
const GAS_RESERVE = 10n ** 16n;

/** Buy an ETH or LP bond with ETH, with a slippage bound (pexAmountMin) and a deadline. */
export function BondForm({ account }: { account: Address }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<"eth" | "lp">("eth");
  const [text, setText] = useState("");
  const limits = useTradeLimits();
  const { slippageBps, deadlineMinutes } = limits;
  const now = useChainNow();
  const { data: balance } = useBalance({ address: account });
  const max = balance ? (balance.value > GAS_RESERVE ? balance.value - GAS_RESERVE : 0n) : undefined;
  const amount = validTokenAmount(text, 18, max);
  const ethPreview = useReadFrontPreviewBond({
    args: amount !== null ? [ETH_BOND, amount] : undefined,
    query: { enabled: kind === "eth" && amount !== null },
  });
  const lpParams = useReadFrontGetLpBondParams({
    args: amount !== null ? [amount] : undefined,
    query: { enabled: kind === "lp" && amount !== null },
  });
  const payout = kind === "eth" ? ethPreview.data?.[0] : lpParams.data?.[1];
  // The quote is the average-priced one a bond would get now; while the average is refused, say why.
  const refusal = priceRefusalOf(kind === "eth" ? ethPreview.error : lpParams.error);
  const min = payout !== undefined && slippageBps !== null ? minAfterSlippage(payout, slippageBps) : null;
  const tx = useProtocolTx("bond");
  const ethBond = useWriteFrontEthBondWithMin();
  const lpBond = useWriteFrontLpBond();
  const ready = amount !== null && min !== null && deadlineMinutes !== null && now !== undefined;

  const submit = async () => {
    if (!ready) return;
    const deadline = BigInt(now) + deadlineMinutes * 60n;
    const args = [newRandomReference(), min, deadline] as const;
    const receipt = await tx.run(kind === "eth" ? "ethBond" : "lpBond", () =>
      kind === "eth" ? ethBond.writeContractAsync({ args, value: amount }) : lpBond.writeContractAsync({ args, value: amount }),
    );
    if (receipt) setText("");
  };

  return (
    <Card id="bond-form" title={t("protocol.bond.buy")}>
      <div className="segmented" role="group" aria-label={t("protocol.bond.kind")}>
        {(["eth", "lp"] as const).map((k) => (
          <button
            key={k}
            type="button"
            className={k === kind ? "btn btn--primary" : "btn btn--secondary"}
            aria-pressed={k === kind}
            onClick={() => setKind(k)}
            data-testid={`bond-kind-${k}`}
          >
            {k === "eth" ? t("protocol.bond.ethBond") : t("protocol.bond.lpBond")}
          </button>
        ))}
      </div>
      <TokenAmountInput
        label={t("protocol.bond.ethAmount")}
        symbol={nativeSymbol}
        decimals={18}
        value={text}
        onChange={setText}
        max={max}
        disabled={tx.busy}
        testId="bond-amount"
      />
      <TradeLimitFields limits={limits} testIdPrefix="bond" />
      <p
        className={refusal ? "alert" : "status-line"}
        role={refusal ? "alert" : undefined}
        data-testid="bond-quote"
        data-refusal={refusal ?? undefined}
      >
        {refusal
          ? t(PRICE_REFUSAL_KEY[refusal])
          : payout !== undefined && min !== null
            ? t("protocol.bond.quote", { payout: formatToken(payout, 18, 4), min: formatToken(min, 18, 4) })
            : t("protocol.bond.quoteHint")}
      </p>
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={tx.busy || !ready}
        onClick={() => void submit()}
        data-testid="bond-submit"
      >
        {kind === "eth" ? t("protocol.bond.submitEth") : t("protocol.bond.submitLp")}
      </button>
      <TransactionStatus state={tx.state} testId="bond-status" />
    </Card>
  );
}
