import { useTranslation } from "react-i18next";
import { useLatestBlock } from "@/components/protocol/as-of-block";
import { useWalletReadiness } from "@/components/protocol/chain-guard";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { usePublicFigures } from "@/lib/protocol/public-figures";
import { useWalletGuard } from "@/lib/protocol/wallet-guard-slot";
import { isLoggedIn } from "@/lib/session";
import { useLottery } from "../hooks/use-lottery";
import { gameAddress } from "../utils/game";
import { roundCardPreviewFigures } from "../utils/round-figures";
import { GameTransfer } from "./game-transfer";
import { HistoryList } from "./history-list";
import { LotterySettings } from "./lottery-settings";
import { LotteryTabs } from "./lottery-tabs";
import { MyEntries } from "./my-entries";
import { RewardsList } from "./rewards-list";
import { RoundCard } from "./round-card";
import { RoundCardPreview } from "./round-card-preview";
import "./lottery.css";

/** /pages/protocol/lottery: the current round, the player's settings and the five tabs. */
export function LotteryScreen({ nickname }: { nickname: string | null }) {
  const { t } = useTranslation();
  const { address } = useWalletReadiness();
  const guard = useWalletGuard();
  const { lottery, isError, refetch, isFetching } = useLottery(address);
  const block = useLatestBlock();
  const server = usePublicFigures();
  const figures = server.data?.figures;
  if (!gameAddress) return <p className="alert">{t("lottery.notDeployed")}</p>;
  if (!lottery || !block) {
    // Until the wallet's reads and block are both here: the server's round (the same card in the
    // same place as the layout's fallback showed), else a spinner. Joining waits for the wallet.
    const preview =
      figures && roundCardPreviewFigures(figures) ? <RoundCardPreview figures={figures} seenAt={server.dataUpdatedAt} /> : null;
    return (
      <>
        {preview ?? (isError ? null : <PageSpinner />)}
        {guard}
        {isError ? <LoadError onRetry={refetch} busy={isFetching} /> : null}
      </>
    );
  }
  const needWallet = <p className="muted">{t("protocol.wallet.connectHint")}</p>;
  return (
    <>
      <RoundCard lottery={lottery} block={block} />
      {guard}
      <LotterySettings lottery={lottery} nickname={nickname} signedIn={isLoggedIn()} />
      <LotteryTabs
        render={(tab) => {
          if (tab === "history")
            return <HistoryList roundCount={lottery.roundId} symbol={lottery.symbol} decimals={lottery.decimals} />;
          if (!address) return needWallet;
          if (tab === "mine") return <MyEntries account={address} symbol={lottery.symbol} decimals={lottery.decimals} />;
          if (tab === "recharge") return <GameTransfer key="recharge" mode="recharge" lottery={lottery} account={address} />;
          if (tab === "withdraw") return <GameTransfer key="withdrawal" mode="withdrawal" lottery={lottery} account={address} />;
          return <RewardsList account={address} lottery={lottery} />;
        }}
      />
    </>
  );
}
