import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { ApproveStep, allowanceCovers, useAllowance } from "@/components/protocol/approve-step";
import { TokenAmountInput, validTokenAmount } from "@/components/protocol/token-amount-input";
import { useWriteSpexStake } from "@generated/hooks/spex";
import { Card } from "@/components/ui/card";
import { PEX_DECIMALS, protocolAddress } from "@/lib/protocol/addresses";
import { newRandomReference } from "@/lib/protocol/reference";
import { useProtocolTx } from "@/lib/protocol/use-protocol-tx";
import { TransactionStatus } from "@/lib/wallet/transaction-status";

/** Stake PEX: approve exactly the amount, then stake (a new position with its own id). */
export function StakeForm({ account, pexBalance }: { account: Address; pexBalance: bigint | undefined }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const tx = useProtocolTx("stake");
  const { writeContractAsync } = useWriteSpexStake();
  const spex = protocolAddress.spex!;
  const pex = protocolAddress.pex!;
  const amount = validTokenAmount(text, PEX_DECIMALS, pexBalance);
  const allowance = useAllowance(pex, account, spex);
  const approved = allowanceCovers(allowance.data, amount);
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
      <ol className="steps">
        <li className="steps__item">
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
        </li>
        <li className="steps__item">
          <button
            type="button"
            className="btn btn--primary btn--block"
            disabled={tx.busy || amount === null || !approved}
            onClick={async () => {
              if (amount === null) return;
              const receipt = await tx.run("stake", () => writeContractAsync({ args: [amount, newRandomReference()] }));
              if (receipt) setText("");
            }}
            data-testid="stake-submit"
          >
            {t("protocol.stake.submit")}
          </button>
        </li>
      </ol>
      <TransactionStatus state={tx.state} testId="stake-status" />
    </Card>
  );
}
