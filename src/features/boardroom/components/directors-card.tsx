import { shortenAddress } from "@domain/address";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { Card } from "@/components/ui/card";
import { Empty } from "@/components/ui/empty";
import type { Boardroom } from "../hooks/use-boardroom";

/** The directors (signers), the current threshold as "x / y needed", and how many count now out of the seats. */
export function DirectorsCard({ boardroom, account }: { boardroom: Boardroom; account: Address | undefined }) {
  const { t } = useTranslation();
  const { directors, required } = boardroom;
  return (
    <Card id="boardroom-directors" title={<>{t("boardroom.directors.title", { count: directors.length })}</>}>
      <p className="boardroom-threshold" data-testid="boardroom-threshold">
        {t("boardroom.directors.threshold", { required: required.toString(), total: directors.length })}
      </p>
      <p className="muted" data-testid="boardroom-senior-count">
        {t("boardroom.directors.senior", {
          senior: boardroom.seniorDirectors.toString(),
          max: boardroom.maxDirectors.toString(),
        })}
      </p>
      {directors.length === 0 ? (
        <Empty />
      ) : (
        <ol className="boardroom-directors" data-testid="boardroom-directors">
          {directors.map((d) => (
            <li key={d} title={d} data-testid="boardroom-director">
              {shortenAddress(d)}
              {account && d.toLowerCase() === account.toLowerCase() ? <strong> {t("boardroom.directors.you")}</strong> : null}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
