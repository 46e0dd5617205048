import { NICKNAME_MAX, NICKNAME_PATTERN } from "@domain/plain-text";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FigureList } from "@/components/protocol/figure-list";
import { WalletGate } from "@/components/protocol/chain-guard";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import { useWriteGameSetAutoJoin } from "@generated/hooks/game";
import { ApiError } from "@/lib/api-client";
import { formatToken } from "@/lib/protocol/token-amount";
import { toast } from "@/lib/toast";
import { TransactionStatus } from "@/lib/wallet/transaction-status";
import { useTransactor } from "@/lib/wallet/use-transactor";
import { useEditNickname } from "../api/edit-nickname";
import type { LotteryData } from "../hooks/use-lottery";
import { LOTTERY_ERRORS_ABI } from "../utils/game";
import { parseEntries } from "../utils/win-chance";

/** Balance in the game, the nickname (stored by the server) and the Auto Join switch. */
export function LotterySettings({
  lottery,
  nickname,
  signedIn,
}: {
  lottery: LotteryData;
  nickname: string | null;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const player = lottery.player;
  return (
    <Card id="lottery-settings" title={t("lottery.settings.title")}>
      {player ? (
        <FigureList
          figures={[
            {
              id: "lottery-balance",
              label: t("lottery.gameBalance"),
              value: `${formatToken(player.balance, lottery.decimals, 2)} ${lottery.symbol}`,
            },
            {
              id: "lottery-wallet-balance",
              label: t("lottery.walletBalance"),
              value: `${formatToken(lottery.walletBalance, lottery.decimals, 2)} ${lottery.symbol}`,
            },
          ]}
        />
      ) : null}
      {signedIn ? (
        <NicknameForm key={nickname ?? ""} current={nickname} />
      ) : (
        <p className="muted">{t("lottery.settings.signInForNickname")}</p>
      )}
      <WalletGate>{player ? <AutoJoin enabled={player.autoJoin} entries={player.autoJoinEntries} /> : null}</WalletGate>
    </Card>
  );
}

function NicknameForm({ current }: { current: string | null }) {
  const { t } = useTranslation();
  const [text, setText] = useState(current ?? "");
  const edit = useEditNickname();
  const trimmed = text.trim();
  const invalid = trimmed !== "" && !NICKNAME_PATTERN.test(trimmed);
  return (
    <form
      className="lottery-nickname"
      onSubmit={(e) => {
        e.preventDefault();
        if (invalid || trimmed === (current ?? "")) return;
        edit.mutate(trimmed, {
          onSuccess: () => toast.success(t("lottery.settings.nicknameSaved")),
          onError: (err) => {
            if (!(err instanceof ApiError)) toast.error(t("api.failed"));
          },
        });
      }}
    >
      <TextField
        label={t("lottery.settings.nickname")}
        value={text}
        maxLength={NICKNAME_MAX}
        autoComplete="nickname"
        placeholder={t("lottery.settings.nicknamePlaceholder")}
        onChange={(e) => setText(e.target.value)}
        error={invalid ? t("lottery.settings.nicknameInvalid", { max: NICKNAME_MAX }) : null}
        hint={t("lottery.settings.nicknameHint")}
        data-testid="lottery-nickname"
      />
      <button
        type="submit"
        className="btn btn--secondary btn--block"
        disabled={invalid || edit.isPending || trimmed === (current ?? "")}
        data-testid="lottery-nickname-save"
      >
        {t("lottery.settings.saveNickname")}
      </button>
    </form>
  );
}

function AutoJoin({ enabled, entries }: { enabled: boolean; entries: bigint }) {
  const { t } = useTranslation();
  const [text, setText] = useState(enabled ? entries.toString() : "1");
  const tx = useTransactor({ key: "lottery:auto-join", abi: LOTTERY_ERRORS_ABI });
  const { writeContractAsync } = useWriteGameSetAutoJoin();
  const parsed = parseEntries(text);
  const toggle = () => {
    if (!enabled && parsed === null) return;
    void tx.run(enabled ? "autoJoinOff" : "autoJoinOn", () =>
      writeContractAsync({ args: enabled ? [false, 0n] : [true, parsed!] }),
    );
  };
  return (
    <div className="lottery-auto">
      <div className="lottery-auto__row">
        <span id="lottery-auto-label">{t("lottery.autoJoin.label")}</span>
        <button
          type="button"
          role="switch"
          aria-checked={enabled}
          aria-labelledby="lottery-auto-label"
          className={enabled ? "switch switch--on" : "switch"}
          disabled={tx.busy || (!enabled && parsed === null)}
          onClick={toggle}
          data-testid="lottery-auto-join"
        >
          <span className="switch__knob" aria-hidden="true" />
        </button>
      </div>
      {enabled ? (
        <p className="muted">{t("lottery.autoJoin.on", { entries: entries.toString() })}</p>
      ) : (
        <TextField
          label={t("lottery.autoJoin.entries")}
          inputMode="numeric"
          value={text}
          onChange={(e) => setText(e.target.value.replace(/\D/g, "").slice(0, 7))}
          error={text !== "" && parsed === null ? t("lottery.join.entriesInvalid") : null}
          hint={t("lottery.autoJoin.hint")}
          data-testid="lottery-auto-entries"
        />
      )}
      <TransactionStatus state={tx.state} testId="lottery-auto-status" />
    </div>
  );
}
