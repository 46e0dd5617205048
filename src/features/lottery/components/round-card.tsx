import { WalletGate } from "@/components/protocol/chain-guard";
import type { FiguresBlock } from "@/lib/protocol/figures-block";
import { useChainNow } from "@/lib/protocol/use-chain-now";
import type { LotteryData } from "../hooks/use-lottery";
import { RoundState } from "../utils/round-state";
import { JoinForm } from "./join-form";
import { RoundCardView, roundStateAt } from "./round-card-view";

/** The current round from the wallet's reads, with Join Now for a connected player. */
export function RoundCard({ lottery, block }: { lottery: LotteryData; block: FiguresBlock }) {
  const now = useChainNow();
  const joining = lottery.round ? roundStateAt(lottery.round, now) === RoundState.Joining : false;
  return (
    <RoundCardView lottery={lottery} block={block} now={now}>
      {lottery.round ? <WalletGate>{lottery.player ? <JoinForm lottery={lottery} joining={joining} /> : null}</WalletGate> : null}
    </RoundCardView>
  );
}
