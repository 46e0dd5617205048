import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "@/components/ui/text-field";
import { useWriteGameJoin } from "@generated/hooks/game";
import { formatToken } from "@/lib/protocol/token-amount";
import { TransactionStatus } from "@/lib/wallet/transaction-status";
import { useTransactor } from "@/lib/wallet/use-transactor";
import type { LotteryData } from "../hooks/use-lottery";
import { LOTTERY_ERRORS_ABI } from "../utils/game";
import { parseEntries } from "../utils/win-chance";

/** Join Now: entries bought from the game balance. */
export function JoinForm({ lottery, joining }: { lottery: LotteryData; joining: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState("1");
  const tx = useTransactor({ key: "lottery:join", abi: LOTTERY_ERRORS_ABI });
  const { writeContractAsync } = useWriteGameJoin();
  const entries = parseEntries(text);
  const price = lottery.round?.ticketPrice ?? 0n;
  const cost = entries === null ? null : entries * price;
  const balance = lottery.player?.balance ?? 0n;
  const short = cost !== null && cost > balance;
  // Too little balance is a hint, not an error: nothing typed is wrong, the balance needs a recharge.
  const error = text !== "" && entries === null ? t("lottery.join.entriesInvalid") : null;
  return (
    <form
      className="lottery-join"
      onSubmit={(e) => {
        e.preventDefault();
        if (entries === null || short || !joining) return;
        void tx.run("join", () => writeContractAsync({ args: [entries] }));
      }}
    >
      <TextField
        label={t("lottery.join.entries")}
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value.replace(/\D/g, "").slice(0, 7))}
        error={error}
        hint={
          short
            ? t("lottery.join.insufficient")
            : cost !== null
              ? t("lottery.join.cost", { amount: formatToken(cost, lottery.decimals, 2), symbol: lottery.symbol })
              : undefined
        }
        data-testid="lottery-join-entries"
      />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={!joining || entries === null || short || tx.busy}
        data-testid="lottery-join"
      >
        {t("lottery.join.submit")}
      </button>
      {!joining ? <p className="muted">{t("lottery.join.closed")}</p> : null}
      <TransactionStatus state={tx.state} testId="lottery-join-status" />
    </form>
  );
}
