import { useTranslation } from "react-i18next";
import { FigureCardView } from "@/components/protocol/figure-card-view";
import { FigureList } from "@/components/protocol/figure-list";
import type { FiguresBlock } from "@/lib/protocol/figures-block";
import { PRICE_REFUSAL_KEY } from "@/lib/protocol/price-refusal-names";
import { formatToken, formatTokenPrice } from "@/lib/protocol/token-amount";
import type { BondMarket } from "../utils/bond-market";
import { discountBps, formatSignedBps } from "../utils/bond-math";

/**
 * Both bonds: price, discount (or premium, in another colour) on the average price they are
 * priced from, capacity, max payout, vesting. While the average is refused, prices show a dash
 * and the reason. Given its figures and their block, without wallet code: the server's figures
 * paint it before the wallet has loaded, and the wallet's reads repaint the same markup.
 */
export function BondTerms({ market, block }: { market: BondMarket; block: FiguresBlock | undefined }) {
  const { t } = useTranslation();
  const rows = (id: "eth" | "lp") => {
    const k = market[id];
    const d = market.averagePrice !== null && k.bondPrice !== null ? discountBps(market.averagePrice, k.bondPrice) : null;
    return [
      {
        id: `${id}-price`,
        label: t("protocol.bond.price"),
        value: k.bondPrice !== null ? `${formatTokenPrice(k.bondPrice)} USDB` : "—",
      },
      {
        id: `${id}-discount`,
        label: d !== null && d < 0n ? t("protocol.bond.premium") : t("protocol.bond.discount"),
        value: d === null ? "—" : formatSignedBps(d < 0n ? -d : d),
        tone: d === null ? undefined : d < 0n ? ("warn" as const) : ("good" as const),
      },
      { id: `${id}-capacity`, label: t("protocol.bond.capacity"), value: `${formatToken(k.capacity)} PEX` },
      { id: `${id}-maxPayout`, label: t("protocol.bond.maxPayout"), value: `${formatToken(k.capacity)} PEX` },
      {
        id: `${id}-vesting`,
        label: t("protocol.bond.vesting"),
        value: t("protocol.ido.days", { count: Number((k.vesting + 86_399n) / 86_400n) }),
      },
    ];
  };
  return (
    <FigureCardView
      id="bond-terms"
      title={t("protocol.bond.terms")}
      block={block}
      figures={[
        { id: "market", label: t("protocol.bond.market"), value: `${formatTokenPrice(market.marketPrice)} USDB` },
        {
          id: "average",
          label: t("protocol.bond.average"),
          value: market.averagePrice !== null ? `${formatTokenPrice(market.averagePrice)} USDB` : "—",
        },
      ]}
    >
      {market.refusal ? (
        <p className="alert" role="alert" data-testid="bond-price-refusal" data-refusal={market.refusal}>
          {t(PRICE_REFUSAL_KEY[market.refusal])}
        </p>
      ) : null}
      <h3 className="card__subtitle">{t("protocol.bond.ethBond")}</h3>
      <FigureList figures={rows("eth")} />
      <h3 className="card__subtitle">{t("protocol.bond.lpBond")}</h3>
      <FigureList figures={rows("lp")} />
    </FigureCardView>
  );
}
