import { useState } from "react";
import { useTranslation } from "react-i18next";
import { erc20Abi, type Address } from "viem";
import { allowanceCovers, useAllowance } from "@/components/protocol/approve-step";
import { TokenAmountInput, validTokenAmount } from "@/components/protocol/token-amount-input";
import { spexAbi } from "@generated/abi/spex";
import { useWriteSpexStake, useWriteSpexStakeWithPermit } from "@generated/hooks/spex";
import { Card } from "@/components/ui/card";
import { PEX_DECIMALS, protocolAddress } from "@/lib/protocol/addresses";
import { newRandomReference } from "@/lib/protocol/reference";
import { exactTokenText } from "@/lib/protocol/token-amount";
import { usePermitSigner } from "@/lib/protocol/use-permit";
import { useProtocolTx } from "@/lib/protocol/use-protocol-tx";
import { TransactionStatus } from "@/lib/wallet/transaction-status";
import { useBatchCalls } from "@/lib/wallet/use-batch-calls";

/**
 * Stake PEX in one action (a new position with its own id), never a wait for an approval: a
 * wallet with EIP-5792 gets the exact approval and the stake as one batch (one prompt); any other
 * signs a permit for exactly the amount and sends `stakeWithPermit`. An allowance that already
 * covers the amount needs neither: plain `stake`.
 */
export function StakeForm({ account, pexBalance }: { account: Address; pexBalance: bigint | undefined }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const tx = useProtocolTx("stake");
  const { writeContractAsync: stake } = useWriteSpexStake();
  const { writeContractAsync: stakeWithPermit } = useWriteSpexStakeWithPermit();
  const signPermit = usePermitSigner();
  const batch = useBatchCalls();
  const spex = protocolAddress.spex!;
  const pex = protocolAddress.pex!;
  const amount = validTokenAmount(text, PEX_DECIMALS, pexBalance);
  const allowance = useAllowance(pex, account, spex);
  const approved = allowanceCovers(allowance.data, amount);

  const submit = async (value: bigint) => {
    const random = newRandomReference();
    const receipt = approved
      ? await tx.run("stake", () => stake({ args: [value, random] }))
      : batch.supported
        ? await tx.run("stake", (steps) =>
            batch.send(
              [
                { to: pex, abi: erc20Abi, functionName: "approve", args: [spex, value] },
                { to: spex, abi: spexAbi, functionName: "stake", args: [value, random] },
              ],
              steps,
            ),
          )
        : await tx.run(
            "stake",
            async ({ signed }) => {
              const p = await signPermit({ token: pex, owner: account, spender: spex, value });
              signed();
              return stakeWithPermit({ args: [value, random, p.deadline, p.v, p.r, p.s] });
            },
            { signsFirst: true },
          );
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
      {amount !== null && allowance.data !== undefined ? (
        <p
          className="muted"
          data-testid="stake-permit-hint"
          data-permit={approved ? "false" : batch.supported ? "batch" : "true"}
        >
          {t(approved ? "protocol.permit.covered" : batch.supported ? "protocol.permit.batch" : "protocol.permit.hint", {
            amount: exactTokenText(amount, PEX_DECIMALS),
            symbol: "PEX",
          })}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={tx.busy || amount === null || allowance.data === undefined}
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
