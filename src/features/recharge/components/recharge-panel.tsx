import { useConnectModal } from "@/lib/wallet/connect-modal";
import { sanitiseAmountTyping } from "@domain/amount-input";
import { shortenAddress } from "@domain/address";
import { USDT_DECIMALS, formatUnits, thousands } from "@domain/money";
import { parseUsdtPayment, usdtInputPlaces } from "@domain/usdt-amount";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Abi } from "viem";
import { useAccount } from "wagmi";
import deployments from "virtual:deployments";
import { TextField } from "@/components/ui/text-field";
import {
  gameAbi,
  testUsdtAbi,
  useReadTestUsdtAllowance,
  useReadTestUsdtBalanceOf,
  useWriteGameRecharge,
  useWriteTestUsdtApprove,
} from "@generated/contracts";
import { planApproval } from "@/lib/wallet/approval-plan";
import { TransactionStatus } from "@/lib/wallet/transaction-status";
import { useBatchCalls } from "@/lib/wallet/use-batch-calls";
import { useTransactor } from "@/lib/wallet/use-transactor";
import { useRegisterRecharge } from "../api/register-recharge";
import { newReference } from "../utils/new-reference";

const ERRORS_ABI = [...testUsdtAbi, ...gameAbi] as Abi;
/**
 * The chain's USDT decimals as the deploy read them from the token (6 locally, 18 on BSC); a
 * deployments file from before they were recorded is the local 6-decimal stand-in's.
 */
const TOKEN_DECIMALS = deployments?.usdtDecimals ?? USDT_DECIMALS;
/** What may be typed: no more places than a micro-USDT balance holds, so nothing paid goes uncredited. */
const INPUT_PLACES = usdtInputPlaces(TOKEN_DECIMALS);

/**
 * Approve (exactly the amount) and `recharge(token, random, amount)` on the game contract, after
 * registering the intent with the server: one batch and one prompt where the wallet takes EIP-5792
 * calls, else the approval as its own step (USDT has no permit). No approval step when the
 * allowance covers the amount (approval-plan.ts), except the one just confirmed here, ticked. The
 * server's chain watcher credits the balance; the records below show Pending until then. The intent
 * announces micro-USDT, the chain is paid the same amount in the token's base units
 * (domain/usdt-amount.ts, `parseUsdtPayment`).
 */
export function RechargePanel({ account }: { account: string | null }) {
  const { t } = useTranslation();
  const { address, status } = useAccount();
  const { openConnectModal } = useConnectModal();
  const [amountText, setAmountText] = useState("");
  const usdt = deployments?.contracts.usdt;
  const game = deployments?.contracts.game;
  const enabled = Boolean(address && usdt && game);

  const balance = useReadTestUsdtBalanceOf({ args: address ? [address] : undefined, query: { enabled } });
  const allowance = useReadTestUsdtAllowance({
    args: address && game ? [address, game] : undefined,
    query: { enabled },
  });
  const { writeContractAsync: approve } = useWriteTestUsdtApprove();
  const { writeContractAsync: recharge } = useWriteGameRecharge();
  const intent = useRegisterRecharge();
  const tx = useTransactor({ key: "usdt-recharge", abi: ERRORS_ABI });
  const batch = useBatchCalls();

  if (!usdt || !game) {
    return (
      <p className="alert" role="alert">
        {t("recharge.notDeployed")}
      </p>
    );
  }
  if (status !== "connected" || !address) {
    const connecting = status === "connecting" || status === "reconnecting";
    return (
      <button
        type="button"
        className="btn btn--primary btn--block"
        onClick={openConnectModal}
        disabled={connecting}
        data-testid="recharge-connect"
      >
        {connecting ? t("login.connecting") : t("login.connect")}
      </button>
    );
  }

  const wrongWallet = account !== null && address.toLowerCase() !== account.toLowerCase();
  const parsed = parseUsdtPayment(amountText, TOKEN_DECIMALS);
  const amount = "tokenUnits" in parsed ? parsed.tokenUnits : null;
  const micro = "micro" in parsed ? parsed.micro : null;
  const walletBalance = balance.data;
  const overBalance = amount !== null && walletBalance !== undefined && amount > walletBalance;
  const plan = planApproval({
    allowance: allowance.data,
    amount,
    batch: batch.supported,
    permit: false,
    justApproved: tx.state.label === "approve" && tx.state.phase === "confirmed",
  });
  const needsApproval = plan.path === "approve-first";
  const batched = plan.path === "batch";
  const busy = tx.busy || intent.isPending;
  const amountError =
    amountText !== "" && "problem" in parsed ? t(`form.amount.${parsed.problem}`) : overBalance ? t("recharge.overWallet") : null;

  const doApprove = async () => {
    if (amount === null) return;
    await tx.run("approve", () => approve({ args: [game, amount] }));
  };

  const doRecharge = async () => {
    if (amount === null || micro === null) return;
    const reference = newReference();
    try {
      await intent.mutateAsync({ reference, amount: micro.toString() });
    } catch {
      return; // the API client has shown the server's message
    }
    const args = [usdt, BigInt(reference), amount] as const;
    const receipt = batched
      ? await tx.run("recharge", (steps) =>
          batch.send(
            [
              { to: usdt, abi: testUsdtAbi, functionName: "approve", args: [game, amount] },
              { to: game, abi: gameAbi, functionName: "recharge", args },
            ],
            steps,
          ),
        )
      : await tx.run("recharge", () => recharge({ args }));
    if (receipt) setAmountText("");
  };

  return (
    <div className="form-stack">
      <p className="status-line" data-testid="recharge-wallet">
        {t("recharge.wallet", { address: shortenAddress(address) })}
      </p>
      {wrongWallet ? (
        <p className="alert" role="alert" data-testid="recharge-wrong-wallet">
          {t("recharge.wrongWallet", { address: shortenAddress(account) })}
        </p>
      ) : null}
      <p className="status-line">
        {t("recharge.walletBalance")}:{" "}
        <strong data-testid="wallet-usdt-balance">
          {walletBalance === undefined ? "…" : `${thousands(formatUnits(walletBalance, TOKEN_DECIMALS, 2))} USDT`}
        </strong>
      </p>
      <TextField
        label={t("recharge.usdtAmount")}
        placeholder={t("recharge.amountPlaceholder")}
        inputMode="decimal"
        autoComplete="off"
        value={amountText}
        onChange={(e) => setAmountText(sanitiseAmountTyping(e.target.value, INPUT_PLACES))}
        error={amountError}
        disabled={busy}
        data-testid="usdt-amount"
      />
      <ol className="steps">
        {plan.step === "none" ? null : (
          <li className={needsApproval ? "steps__item" : "steps__item steps__item--done"}>
            <button
              type="button"
              className="btn btn--secondary btn--block"
              disabled={busy || wrongWallet || amount === null || overBalance || !needsApproval}
              onClick={() => void doApprove()}
              data-testid="approve-usdt"
            >
              {!needsApproval || amount === null
                ? t("recharge.approved")
                : t("recharge.approve", { amount: formatUnits(amount, TOKEN_DECIMALS, 2) })}
            </button>
          </li>
        )}
        <li className="steps__item">
          <button
            type="button"
            className="btn btn--primary btn--block"
            disabled={busy || wrongWallet || amount === null || overBalance || plan.path === null || needsApproval}
            onClick={() => void doRecharge()}
            data-testid="confirm-recharge"
            data-batch={batched ? "true" : "false"}
          >
            {batched ? t("recharge.approveAndConfirm") : t("recharge.confirm")}
          </button>
        </li>
      </ol>
      <TransactionStatus state={tx.state} />
    </div>
  );
}
