import { useState } from "react";
import { useTranslation } from "react-i18next";
import { erc20Abi, type Address } from "viem";
import { ApproveStep } from "@/components/protocol/approve-step";
import { TokenAmountInput, validTokenAmount } from "@/components/protocol/token-amount-input";
import { SpendPlanHint } from "@/components/protocol/spend-plan-hint";
import { useSpendPlan } from "@/components/protocol/use-spend-plan";
import { vaultTokenAbi } from "@generated/abi/vault-token";
import { useReadUsdbBalanceOf } from "@generated/hooks/usdb";
import { protocolAddress } from "@/lib/protocol/addresses";
import { usePermitSigner } from "@/lib/protocol/use-permit";
import { useProtocolTx } from "@/lib/protocol/use-protocol-tx";
import { useWriteContract } from "@/lib/wallet/lazy-write";
import { TransactionStatus } from "@/lib/wallet/transaction-status";

/**
 * Adds USDB to a reward token's vault (`fund`: the price rises for every holder, nothing is
 * minted) without a wait for an approval where the wallet allows (approval-plan.ts): plain `fund`
 * when the allowance covers the amount; the exact approval and `fund` as one batch with an
 * EIP-5792 wallet; else a USDB permit signed in the wallet and `fundWithPermit`; a contract
 * wallet approves first.
 */
export function WinFundForm({ token, symbol, account }: { token: Address; symbol: string; account: Address }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const tx = useProtocolTx(`fund-${symbol}`);
  const { writeContractAsync } = useWriteContract();
  const signPermit = usePermitSigner();
  const usdb = protocolAddress.usdb!;
  const balance = useReadUsdbBalanceOf({ args: [account] });
  const amount = validTokenAmount(text, 18, balance.data);
  const plan = useSpendPlan({ token: usdb, owner: account, spender: token, amount, permit: true, state: tx.state });
  const id = symbol.toLowerCase();

  const submit = async (value: bigint) => {
    const receipt =
      plan.path === "batch"
        ? await tx.run("fund", (steps) =>
            plan.send(
              [
                { to: usdb, abi: erc20Abi, functionName: "approve", args: [token, value] },
                { to: token, abi: vaultTokenAbi, functionName: "fund", args: [value] },
              ],
              steps,
            ),
          )
        : plan.path === "permit"
          ? await tx.run(
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
            )
          : await tx.run("fund", () =>
              writeContractAsync({ address: token, abi: vaultTokenAbi, functionName: "fund", args: [value] }),
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
      {amount !== null && plan.path !== null ? (
        <SpendPlanHint path={plan.path} amount={amount} decimals={18} symbol="USDB" testId={`${id}-fund-permit-hint`} />
      ) : null}
      {plan.step !== "none" ? (
        <ApproveStep
          token={usdb}
          spender={token}
          owner={account}
          amount={amount}
          symbol="USDB"
          run={tx.run}
          busy={tx.busy}
          testId={`${id}-fund-approve`}
        />
      ) : null}
      <button
        type="button"
        className="btn btn--secondary btn--block"
        disabled={tx.busy || amount === null || plan.path === null || plan.path === "approve-first"}
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
