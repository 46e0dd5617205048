import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { ChainListCard } from "@/components/protocol/chain-list-card";
import { FigureList } from "@/components/protocol/figure-list";
import { useWriteFrontRedeemBond } from "@generated/hooks/front";
import { formatChainTime } from "@/lib/protocol/time";
import { formatToken } from "@/lib/protocol/token-amount";
import { useProtocolTx } from "@/lib/protocol/use-protocol-tx";
import { TransactionStatus } from "@/lib/wallet/transaction-status";
import { useBondNotes } from "../hooks/use-bond-reads";

/** The account's notes: payout, vested, redeemed, vesting end; claim what has vested. */
export function BondNotes({ account, canWrite }: { account: Address; canWrite: boolean }) {
  const { t } = useTranslation();
  const { data, isError, refetch, isFetching } = useBondNotes(account);
  const tx = useProtocolTx("bond-redeem");
  const redeem = useWriteFrontRedeemBond();
  const open = data?.filter((b) => b.redeemed < b.payout);
  return (
    <ChainListCard
      id="bond-notes"
      title={t("protocol.bond.notes")}
      items={open}
      isError={isError}
      onRetry={() => void refetch()}
      retrying={isFetching}
      testId="bond-notes"
      footer={<TransactionStatus state={tx.state} testId="bond-redeem-status" />}
      renderItem={(b) => (
        <li key={b.id.toString()} data-testid="bond-note" data-kind={b.kind}>
          <FigureList
            figures={[
              {
                id: `bond-${b.id}-kind`,
                label: t("protocol.bond.kind"),
                value: b.kind === 0 ? t("protocol.bond.ethBond") : t("protocol.bond.lpBond"),
              },
              { id: `bond-${b.id}-payout`, label: t("protocol.bond.payout"), value: `${formatToken(b.payout, 18, 4)} PEX` },
              {
                id: `bond-${b.id}-redeemable`,
                label: t("protocol.bond.redeemable"),
                value: `${formatToken(b.redeemable, 18, 4)} PEX`,
              },
              {
                id: `bond-${b.id}-redeemed`,
                label: t("protocol.bond.redeemed"),
                value: `${formatToken(b.redeemed, 18, 4)} PEX`,
              },
              { id: `bond-${b.id}-end`, label: t("protocol.bond.vestingEnd"), value: formatChainTime(b.start + b.vesting) },
            ]}
          />
          <button
            type="button"
            className="btn btn--secondary"
            disabled={!canWrite || tx.busy || b.redeemable === 0n}
            onClick={() => void tx.run("redeemBond", () => redeem.writeContractAsync({ args: [b.id] }))}
            data-testid="bond-redeem"
          >
            {t("protocol.bond.redeem")}
          </button>
        </li>
      )}
    />
  );
}
