import { useTranslation } from "react-i18next";
import { FigureList } from "@/components/protocol/figure-list";
import { Card } from "@/components/ui/card";
import { formatToken } from "@/lib/protocol/token-amount";

/**
 * The account's PEX and sPEX balances: from the wallet's reads, or before those from the server's
 * reading for the session's account (ADR-0212), the same card in the same place.
 */
export function StakeBalances({
  pexBalance,
  spexBalance,
  source,
}: {
  pexBalance: bigint;
  spexBalance: bigint;
  source: "server" | "chain";
}) {
  const { t } = useTranslation();
  return (
    <Card id="stake-balances" title={t("protocol.balances")} source={source}>
      <FigureList
        figures={[
          { id: "pexBalance", label: t("protocol.stake.pexBalance"), value: `${formatToken(pexBalance, 18, 4)} PEX` },
          { id: "spexBalance", label: t("protocol.stake.spexBalance"), value: `${formatToken(spexBalance, 18, 4)} sPEX` },
        ]}
      />
    </Card>
  );
}

/** The server's reading as the card's balances, when it is the account on screen's (else null). */
export function serverBalancesOf(
  figures: { address: string; pexBalance: string; spexBalance: string } | null | undefined,
  viewer: string | null | undefined,
): { pexBalance: bigint; spexBalance: bigint; source: "server" } | null {
  if (!figures || !viewer || figures.address.toLowerCase() !== viewer.toLowerCase()) return null;
  return { pexBalance: BigInt(figures.pexBalance), spexBalance: BigInt(figures.spexBalance), source: "server" };
}
