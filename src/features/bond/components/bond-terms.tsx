import { useTranslation } from "react-i18next";
import { AsOfBlock } from "@/components/protocol/as-of-block";
import { FigureList } from "@/components/protocol/figure-list";
import { formatToken, formatTokenPrice } from "@/lib/protocol/token-amount";
import type { BondMarket } from "../hooks/use-bond-reads";
import { discountBps, formatSignedBps } from "../utils/bond-math";

/** Both bonds: price, discount (or premium, in another colour), capacity, max payout, vesting. */
export function BondTerms({ market }: { market: BondMarket }) {
  const { t } = useTranslation();
  const rows = (id: "eth" | "lp") => {
    const k = market[id];
    const d = discountBps(market.marketPrice, k.bondPrice);
    return [
      { id: `${id}-price`, label: t("protocol.bond.price"), value: `${formatTokenPrice(k.bondPrice)} USDB` },
      {
        id: `${id}-discount`,
        label: d < 0n ? t("protocol.bond.premium") : t("protocol.bond.discount"),
        value: formatSignedBps(d < 0n ? -d : d),
        tone: d < 0n ? ("warn" as const) : ("good" as const),
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
    <section className="card" aria-labelledby="bond-terms">
      <h2 id="bond-terms" className="card__title">
        {t("protocol.bond.terms")}
      </h2>
      <AsOfBlock />
      <FigureList
        figures={[{ id: "market", label: t("protocol.bond.market"), value: `${formatTokenPrice(market.marketPrice)} USDB` }]}
      />
      <h3 className="card__subtitle">{t("protocol.bond.ethBond")}</h3>
      <FigureList figures={rows("eth")} />
      <h3 className="card__subtitle">{t("protocol.bond.lpBond")}</h3>
      <FigureList figures={rows("lp")} />
    </section>
  );
}
