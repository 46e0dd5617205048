import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { Card } from "@/components/ui/card";
import { Empty } from "@/components/ui/empty";
import { LoadError } from "@/components/ui/load-error";
import { Pager } from "@/components/ui/pager";
import { PageSpinner } from "@/components/ui/spinner";
import { useChainNow } from "@/lib/protocol/use-chain-now";
import { type Boardroom, PROPOSALS_PAGE_SIZE, useProposals } from "../hooks/use-boardroom";
import { CreateProposal } from "./create-proposal";
import { ProposalItem } from "./proposal-item";

/** Proposals: the queue (active, can still be signed) and the history (executed or expired), newest first; create. */
export function ProposalsCard({ boardroom, account }: { boardroom: Boardroom; account: Address | undefined }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const proposals = useProposals(page, account);
  // Until the first block is read, expiry comes from the contract status alone.
  const now = useChainNow() ?? 0;
  const director = Boolean(boardroom.node?.director);
  const senior = Boolean(boardroom.seniority?.senior);
  const list = proposals.data ?? [];
  const isQueued = (p: (typeof list)[number]) => p.status === 1 && now <= Number(p.endTime);
  const queue = list.filter(isQueued);
  const history = list.filter((p) => !isQueued(p));
  const render = (items: typeof list, testId: string) =>
    items.length === 0 ? (
      <Empty />
    ) : (
      <ul className="protocol-list" data-testid={testId}>
        {items.map((p) => (
          <ProposalItem
            key={p.random.toString()}
            p={p}
            signed={proposals.signed?.[list.indexOf(p)]}
            director={director}
            senior={senior}
            now={now}
          />
        ))}
      </ul>
    );
  return (
    <>
      <Card id="boardroom-queue" title={t("boardroom.queue.title")}>
        {director && senior ? (
          <CreateProposal />
        ) : (
          <p className="muted" data-testid="boardroom-create-blocked">
            {director ? t("boardroom.sign.block.notSenior") : t("boardroom.create.directorsOnly")}
          </p>
        )}
        {proposals.isError && !proposals.data ? (
          <LoadError onRetry={() => void proposals.refetch()} busy={proposals.isFetching} />
        ) : !proposals.data ? (
          <PageSpinner />
        ) : (
          render(queue, "boardroom-queue")
        )}
      </Card>
      <Card id="boardroom-history" title={t("boardroom.history.title")}>
        {proposals.data ? render(history, "boardroom-history") : null}
        <Pager page={page} limit={PROPOSALS_PAGE_SIZE} total={Number(boardroom.proposalCount)} onPage={setPage} />
      </Card>
    </>
  );
}
