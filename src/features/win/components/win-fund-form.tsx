import { useState } from "react";
import { useTranslation } from "react-i18next";
import { erc20Abi, type Address } from "viem";
import { allowanceCovers, useAllowance } from "@/components/protocol/approve-step";
import { TokenAmountInput, validTokenAmount } from "@/components/protocol/token-amount-input";
import { vaultTokenAbi } from "@generated/abi/vault-token";
import { useReadUsdbBalanceOf } from "@generated/hooks/usdb";
import { protocolAddress } from "@/lib/protocol/addresses";
import { exactTokenText } from "@/lib/protocol/token-amount";
import { usePermitSigner } from "@/lib/protocol/use-permit";
import { useProtocolTx } from "@/lib/protocol/use-protocol-tx";
import { useWriteContract } from "@/lib/wallet/lazy-write";
import { TransactionStatus } from "@/lib/wallet/transaction-status";
import { useBatchCalls } from "@/lib/wallet/use-batch-calls";

/**
 * Adds USDB to a reward token's vault (`fund`: the price rises for every holder, nothing is
 * minted) without a wait for an approval: plain `fund` when the allowance covers the amount; the
 * exact approval and `fund` as one batch with an EIP-5792 wallet; else a USDB permit signed in the
 * wallet and `fundWithPermit`.
 */
export function WinFundForm({ token, symbol, account }: { token: Address; symbol: string; account: Address }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const tx = useProtocolTx(`fund-${symbol}`);
  const { writeContractAsync } = useWriteContract();
  const signPermit = usePermitSigner();
  const batch = useBatchCalls();
  const usdb = protocolAddress.usdb!;
  const balance = useReadUsdbBalanceOf({ args: [account] });
  const allowance = useAllowance(usdb, account, token);
  const amount = validTokenAmount(text, 18, balance.data);
  const approved = allowanceCovers(allowance.data, amount);
  const id = symbol.toLowerCase();

  const submit = async (value: bigint) => {
    const receipt = approved
      ? await tx.run("fund", () =>
          writeContractAsync({ address: token, abi: vaultTokenAbi, functionName: "fund", args: [value] }),
        )
      : batch.supported
        ? await tx.run("fund", (steps) =>
            batch.send(
              [
                { to: usdb, abi: erc20Abi, functionName: "approve", args: [token, value] },
                { to: token, abi: vaultTokenAbi, functionName: "fund", args: [value] },
              ],
              steps,
            ),
          )
        : await tx.run(
            "fund",
            async ({ signed }) => {
              const p = await signPermit({ token: usdb, owner: account, spender: token, value });
              signed();
              return writeContractAsync({
                address: token,
                abi: vaultTokenAbi,
                functionName: "fundWithPermit",
                args: [value, p.deadline, p.v, p.r, p.s],
              });
            },
            { signsFirst: true },
          );
    if (receipt) setText("");
  };

  return (
    <section className="win-fund" aria-labelledby={`${id}-fund-title`}>
      <h3 id={`${id}-fund-title`}>{t("protocol.win.fundTitle", { symbol })}</h3>
      <p className="muted">{t("protocol.win.fundHint", { symbol })}</p>
      <TokenAmountInput
        label={t("protocol.win.fundAmount")}
        symbol="USDB"
        decimals={18}
        value={text}
        onChange={setText}
        max={balance.data}
        disabled={tx.busy}
        testId={`${id}-fund-amount`}
      />
      {amount !== null && allowance.data !== undefined ? (
        <p
          className="muted"
          data-testid={`${id}-fund-permit-hint`}
          data-permit={approved ? "false" : batch.supported ? "batch" : "true"}
        >
          {t(approved ? "protocol.permit.covered" : batch.supported ? "protocol.permit.batch" : "protocol.permit.hint", {
            amount: exactTokenText(amount, 18),
            symbol: "USDB",
          })}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn--secondary btn--block"
        disabled={tx.busy || amount === null || allowance.data === undefined}
        onClick={() => {
          if (amount !== null) void submit(amount);
        }}
        data-testid={`${id}-fund`}
      >
        {t("protocol.win.fund")}
      </button>
      <TransactionStatus state={tx.state} testId={`${id}-fund-status`} />
    </section>
  );
}
