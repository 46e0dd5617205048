import { useState } from "react";
import { useTranslation } from "react-i18next";
import { erc20Abi, type Address } from "viem";
import { ApproveStep } from "@/components/protocol/approve-step";
import { TokenAmountInput, validTokenAmount } from "@/components/protocol/token-amount-input";
import { useSpendPlan } from "@/components/protocol/use-spend-plan";
import { WalletGate } from "@/components/protocol/chain-guard";
import { gameAbi } from "@generated/abi/game";
import { useWriteGameDeposit, useWriteGameWithdraw } from "@generated/hooks/game";
import { TransactionStatus } from "@/lib/wallet/transaction-status";
import { useTransactor } from "@/lib/wallet/use-transactor";
import type { LotteryData } from "../hooks/use-lottery";
import { gameAddress, LOTTERY_ERRORS_ABI } from "../utils/game";
import { GameRecords, type PendingRecord } from "./game-records";

/**
 * Recharge (wallet → game balance: approve exactly, then deposit; one batch and one prompt where
 * the wallet takes EIP-5792 calls, as USDT has no permit; no approval step at all when the
 * allowance covers the amount, approval-plan.ts) or Withdraw (game balance → wallet),
 * with the records of that type: Pending while the transaction is on its way, Success once its
 * event is on chain.
 */
export function GameTransfer({
  mode,
  lottery,
  account,
}: {
  mode: "recharge" | "withdrawal";
  lottery: LotteryData;
  account: Address;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [pending, setPending] = useState<PendingRecord | null>(null);
  const tx = useTransactor({
    key: `lottery:${mode}`,
    abi: LOTTERY_ERRORS_ABI,
    // Approving is a step of the same runner: only the transfer itself empties the input.
    onConfirmed: (_receipt, label) => {
      if (label === mode) setText("");
    },
  });
  const deposit = useWriteGameDeposit();
  const withdraw = useWriteGameWithdraw();
  const max = mode === "recharge" ? lottery.walletBalance : lottery.player?.balance;
  const amount = validTokenAmount(text, lottery.decimals, max);
  // A withdrawal spends nothing of the wallet's: no allowance to plan for.
  const spends = mode === "recharge";
  const plan = useSpendPlan({
    token: lottery.token,
    owner: account,
    spender: gameAddress,
    amount: spends ? amount : null,
    permit: false,
    state: tx.state,
  });
  const batched = plan.path === "batch";
  const send = async () => {
    if (amount === null) return;
    setPending({ type: mode, amount });
    try {
      await tx.run(mode, (steps) =>
        batched
          ? plan.send(
              [
                { to: lottery.token, abi: erc20Abi, functionName: "approve", args: [gameAddress!, amount] },
                { to: gameAddress!, abi: gameAbi, functionName: "deposit", args: [lottery.token, amount] },
              ],
              steps,
            )
          : mode === "recharge"
            ? deposit.writeContractAsync({ args: [lottery.token, amount] })
            : withdraw.writeContractAsync({ args: [lottery.token, amount] }),
      );
    } finally {
      setPending(null);
    }
  };
  return (
    <div data-testid={`lottery-${mode}`}>
      <WalletGate>
        <form
          className="lottery-transfer"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <TokenAmountInput
            label={t(mode === "recharge" ? "lottery.transfer.rechargeAmount" : "lottery.transfer.withdrawAmount")}
            symbol={lottery.symbol}
            decimals={lottery.decimals}
            value={text}
            onChange={setText}
            max={max}
            disabled={tx.busy}
            testId={`lottery-${mode}-amount`}
          />
          {spends && plan.step !== "none" ? (
            <ApproveStep
              token={lottery.token}
              spender={gameAddress!}
              owner={account}
              amount={amount}
              symbol={lottery.symbol}
              decimals={lottery.decimals}
              run={tx.run}
              busy={tx.busy}
              testId="lottery-approve"
            />
          ) : null}
          <button
            type="submit"
            className="btn btn--primary btn--block"
            disabled={amount === null || tx.busy || (spends && (plan.path === null || plan.path === "approve-first"))}
            data-testid={`lottery-${mode}-submit`}
            data-batch={batched ? "true" : "false"}
          >
            {t(mode === "recharge" ? "lottery.transfer.recharge" : "lottery.transfer.withdraw")}
          </button>
          <TransactionStatus state={tx.state} testId={`lottery-${mode}-status`} />
        </form>
      </WalletGate>
      <GameRecords account={account} type={mode} pending={pending} symbol={lottery.symbol} decimals={lottery.decimals} />
    </div>
  );
}
