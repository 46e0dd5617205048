import { useTranslation } from "react-i18next";
import { type Address, erc20Abi } from "viem";
import { useReadContract } from "wagmi";
import { exactTokenText } from "@/lib/protocol/token-amount";
import { useWriteContract } from "@/lib/wallet/lazy-write";

/** The allowance `owner` gave `spender` on `token` (refreshed by the runner after every transaction). */
export function useAllowance(token: Address | undefined, owner: Address | undefined, spender: Address | undefined) {
  return useReadContract({
    address: token,
    abi: erc20Abi,
    functionName: "allowance",
    args: owner && spender ? [owner, spender] : undefined,
    query: { enabled: Boolean(token && owner && spender) },
  });
}

export interface ApproveStepProps {
  token: Address;
  spender: Address;
  owner: Address;
  /** The exact amount the next step spends; null while the input is invalid. */
  amount: bigint | null;
  symbol: string;
  decimals?: number;
  /** The page's runner: approving is one of its transactions. */
  run: (label: string, send: () => Promise<`0x${string}`>) => Promise<unknown>;
  busy: boolean;
  testId?: string;
}

/** Approval as its own step, for exactly the amount (never unlimited); done when the allowance covers it. */
export function ApproveStep({
  token,
  spender,
  owner,
  amount,
  symbol,
  decimals = 18,
  run,
  busy,
  testId = "approve",
}: ApproveStepProps) {
  const { t } = useTranslation();
  const allowance = useAllowance(token, owner, spender);
  const { writeContractAsync } = useWriteContract();
  const covered = amount !== null && allowance.data !== undefined && allowance.data >= amount;
  return (
    <button
      type="button"
      className={covered ? "btn btn--secondary btn--block steps__item--done" : "btn btn--secondary btn--block"}
      disabled={busy || amount === null || covered || allowance.data === undefined}
      onClick={() => {
        if (amount === null) return;
        void run("approve", () =>
          writeContractAsync({ address: token, abi: erc20Abi, functionName: "approve", args: [spender, amount] }),
        );
      }}
      data-testid={testId}
      data-approved={covered ? "true" : "false"}
    >
      {covered
        ? t("protocol.approve.done", { symbol })
        : amount === null
          ? t("protocol.approve.step", { symbol })
          : t("protocol.approve.amount", { amount: exactTokenText(amount, decimals), symbol })}
    </button>
  );
}

/** Whether the allowance covers `amount` (the action step is enabled only then). */
export function allowanceCovers(allowance: bigint | undefined, amount: bigint | null): boolean {
  return amount !== null && allowance !== undefined && allowance >= amount;
}
