import { Suspense, lazy, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLatestBlock } from "@/components/protocol/as-of-block";
import { useWalletReadiness } from "@/components/protocol/chain-guard";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { useNearViewport } from "@/hooks/use-near-viewport";
import { usePublicFigures } from "@/lib/protocol/public-figures";
import { useWalletGuard } from "@/lib/protocol/wallet-guard-slot";
import { isLoggedIn } from "@/lib/session";
import { useLottery } from "../hooks/use-lottery";
import { gameAddress } from "../utils/game";
import { roundCardPreviewFigures } from "../utils/round-figures";
import { LotterySettings } from "./lottery-settings";
import type { LotteryPanelProps } from "./lottery-panel";
import { type LotteryTab, LotteryTabs } from "./lottery-tabs";
import { RoundCard } from "./round-card";
import { RoundCardPreview } from "./round-card-preview";
import "./lottery.css";

const LotteryPanel = lazy(() => import("./lottery-panel"));
// A small head start while scrolling; on a phone the tabs start below the first screen.
const PANEL_MARGIN = "40px";

/**
 * The open tab's content, whose code loads once the panel comes near the viewport or the visitor
 * picks a tab other than the first (the rounds' history): not on the first screen of a phone.
 */
function TabPanel(props: LotteryPanelProps) {
  const [ref, near] = useNearViewport<HTMLDivElement>(PANEL_MARGIN);
  const wanted = near || props.tab !== "history";
  return (
    <div ref={ref}>
      {wanted ? (
        <Suspense fallback={<PageSpinner />}>
          <LotteryPanel {...props} />
        </Suspense>
      ) : (
        <PageSpinner />
      )}
    </div>
  );
}

/** /pages/protocol/lottery: the current round, the player's settings and the five tabs. */
export function LotteryScreen({ nickname }: { nickname: string | null }) {
  const { t } = useTranslation();
  const { address } = useWalletReadiness();
  const guard = useWalletGuard();
  const { lottery, isError, refetch, isFetching } = useLottery(address);
  const block = useLatestBlock();
  const server = usePublicFigures();
  const figures = server.data?.figures;
  // Held here, above the wait for the reads: when their keys change (the wallet's account arriving
  // or switching) the tabs go for a moment, and the visitor's tab must be the one that comes back.
  const [tab, setTab] = useState<LotteryTab>("history");
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
  return (
    <>
      <RoundCard lottery={lottery} block={block} />
      {guard}
      <LotterySettings lottery={lottery} nickname={nickname} signedIn={isLoggedIn()} />
      <LotteryTabs
        active={tab}
        onChange={setTab}
        render={(open) => <TabPanel tab={open} lottery={lottery} account={address} />}
      />
    </>
  );
}
