import { useState } from "react";
import { useTranslation } from "react-i18next";
import { erc20Abi, type Address } from "viem";
import { ApproveStep } from "@/components/protocol/approve-step";
import { TokenAmountInput, validTokenAmount } from "@/components/protocol/token-amount-input";
import { SpendPlanHint } from "@/components/protocol/spend-plan-hint";
import { useSpendPlan } from "@/components/protocol/use-spend-plan";
import { spexAbi } from "@generated/abi/spex";
import { useWriteSpexStake, useWriteSpexStakeWithPermit } from "@generated/hooks/spex";
import { Card } from "@/components/ui/card";
import { PEX_DECIMALS, protocolAddress } from "@/lib/protocol/addresses";
import { newRandomReference } from "@/lib/protocol/reference";
import { usePermitSigner } from "@/lib/protocol/use-permit";
import { useProtocolTx } from "@/lib/protocol/use-protocol-tx";
import { TransactionStatus } from "@/lib/wallet/transaction-status";

/**
 * Stake PEX in one action (a new position with its own id), never a wait for an approval where
 * the wallet allows (approval-plan.ts): a wallet with EIP-5792 gets the exact approval and the
 * stake as one batch (one prompt); any other signs a permit for exactly the amount and sends
 * `stakeWithPermit`; a contract wallet, which cannot sign one, approves and then stakes. An
 * allowance that already covers the amount needs none of these: plain `stake`.
 */
export function StakeForm({ account, pexBalance }: { account: Address; pexBalance: bigint | undefined }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const tx = useProtocolTx("stake");
  const { writeContractAsync: stake } = useWriteSpexStake();
  const { writeContractAsync: stakeWithPermit } = useWriteSpexStakeWithPermit();
  const signPermit = usePermitSigner();
  const spex = protocolAddress.spex!;
  const pex = protocolAddress.pex!;
  const amount = validTokenAmount(text, PEX_DECIMALS, pexBalance);
  const plan = useSpendPlan({ token: pex, owner: account, spender: spex, amount, permit: true, state: tx.state });

  const submit = async (value: bigint) => {
    const random = newRandomReference();
    const receipt =
      plan.path === "batch"
        ? await tx.run("stake", (steps) =>
            plan.send(
              [
                { to: pex, abi: erc20Abi, functionName: "approve", args: [spex, value] },
                { to: spex, abi: spexAbi, functionName: "stake", args: [value, random] },
              ],
              steps,
            ),
          )
        : plan.path === "permit"
          ? await tx.run(
              "stake",
              async ({ signed }) => {
                const p = await signPermit({ token: pex, owner: account, spender: spex, value });
                signed();
                return stakeWithPermit({ args: [value, random, p.deadline, p.v, p.r, p.s] });
              },
              { signsFirst: true },
            )
          : await tx.run("stake", () => stake({ args: [value, random] }));
    if (receipt) setText("");
  };

  return (
    <Card id="stake-form" title={t("protocol.stake.stakeTitle")}>
      <TokenAmountInput
        label={t("protocol.stake.amount")}
        symbol="PEX"
        decimals={PEX_DECIMALS}
        value={text}
        onChange={setText}
        max={pexBalance}
        disabled={tx.busy}
        testId="stake-amount"
      />
      {amount !== null && plan.path !== null ? (
        <SpendPlanHint path={plan.path} amount={amount} decimals={PEX_DECIMALS} symbol="PEX" testId="stake-permit-hint" />
      ) : null}
      {plan.step !== "none" ? (
        <ApproveStep
          token={pex}
          spender={spex}
          owner={account}
          amount={amount}
          symbol="PEX"
          run={tx.run}
          busy={tx.busy}
          testId="stake-approve"
        />
      ) : null}
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={tx.busy || amount === null || plan.path === null || plan.path === "approve-first"}
        onClick={() => {
          if (amount !== null) void submit(amount);
        }}
        data-testid="stake-submit"
      >
        {t("protocol.stake.submit")}
      </button>
      <TransactionStatus state={tx.state} testId="stake-status" />
    </Card>
  );
}
