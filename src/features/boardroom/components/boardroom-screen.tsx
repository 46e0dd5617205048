import { useTranslation } from "react-i18next";
import { useWalletReadiness } from "@/components/protocol/chain-guard";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { protocolAddress } from "@/lib/protocol/addresses";
import { useBoardroom } from "../hooks/use-boardroom";
import { DirectorsCard } from "./directors-card";
import { JoinCard } from "./join-card";
import { ProposalsCard } from "./proposals-card";
import "./boardroom.css";

/** /pages/protocol/boardroom: who may join, the directors and threshold, the proposal queue and history. */
export function BoardroomScreen() {
  const { t } = useTranslation();
  const { address } = useWalletReadiness();
  const { boardroom, isError, refetch, isFetching } = useBoardroom(address);
  if (!protocolAddress.dao) return <p className="alert">{t("boardroom.notDeployed")}</p>;
  if (isError && !boardroom) return <LoadError onRetry={() => void refetch()} busy={isFetching} />;
  if (!boardroom) return <PageSpinner />;
  return (
    <>
      <JoinCard boardroom={boardroom} />
      <DirectorsCard boardroom={boardroom} account={address} />
      <ProposalsCard boardroom={boardroom} account={address} />
    </>
  );
}
