import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import type { LotteryData } from "../hooks/use-lottery";
import { GameTransfer } from "./game-transfer";
import { HistoryList } from "./history-list";
import type { LotteryTab } from "./lottery-tabs";
import { MyEntries } from "./my-entries";
import { RewardsList } from "./rewards-list";

export interface LotteryPanelProps {
  tab: LotteryTab;
  lottery: LotteryData;
  account: Address | undefined;
}

/**
 * The open tab's content: the rounds' history, or (with a wallet) the player's entries, a recharge or
 * withdrawal of the game balance, or the rewards. A module of its own, loaded when the tabs come near
 * the viewport or one is chosen (lottery-screen.tsx): below the fold on a phone, it is a third of the page's code.
 */
export default function LotteryPanel({ tab, lottery, account }: LotteryPanelProps) {
  const { t } = useTranslation();
  if (tab === "history") return <HistoryList roundCount={lottery.roundId} symbol={lottery.symbol} decimals={lottery.decimals} />;
  if (!account) return <p className="muted">{t("protocol.wallet.connectHint")}</p>;
  if (tab === "mine") return <MyEntries account={account} symbol={lottery.symbol} decimals={lottery.decimals} />;
  if (tab === "recharge") return <GameTransfer key="recharge" mode="recharge" lottery={lottery} account={account} />;
  if (tab === "withdraw") return <GameTransfer key="withdrawal" mode="withdrawal" lottery={lottery} account={account} />;
  return <RewardsList account={account} lottery={lottery} />;
}
