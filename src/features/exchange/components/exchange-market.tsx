import { useTranslation } from "react-i18next";
import { FigureList } from "@/components/protocol/figure-list";
import { formatToken, formatTokenPrice } from "@/lib/protocol/token-amount";
import type { PoolReserves, SwapToken } from "../utils/swap-route";
import { swapTokenSymbol } from "../utils/swap-token-symbol";

const E18 = 10n ** 18n;

/** The pools' reserves, the price of one PEX in each, and the viewer's balances (when known). */
export function ExchangeMarket({
  pools,
  tokens,
  balanceOf,
}: {
  pools: Partial<Record<Exclude<SwapToken, "PEX">, PoolReserves>>;
  tokens: readonly SwapToken[];
  /** Null without a viewer. */
  balanceOf: Record<SwapToken, bigint | undefined> | null;
}) {
  const { t } = useTranslation();
  const pexPrice = [
    pools.ETH && pools.ETH.pex > 0n
      ? `${formatTokenPrice((pools.ETH.other * E18) / pools.ETH.pex, 18, 6)} ${swapTokenSymbol("ETH")}`
      : null,
    pools.USDB && pools.USDB.pex > 0n ? `${formatTokenPrice((pools.USDB.other * E18) / pools.USDB.pex, 18, 4)} USDB` : null,
  ].filter(Boolean);
  return (
    <FigureList
      figures={[
        ...(["ETH", "USDB"] as const).flatMap((s) => {
          const pool = pools[s];
          if (!pool) return [];
          const digits = s === "ETH" ? 4 : 2;
          const symbol = swapTokenSymbol(s);
          const value = `${formatToken(pool.pex)} PEX + ${formatToken(pool.other, 18, digits)} ${symbol}`;
          return [{ id: `pool-${s.toLowerCase()}`, label: t("protocol.exchange.poolOf", { symbol }), value }];
        }),
        { id: "pool-price", label: t("protocol.exchange.midPrice"), value: pexPrice.length ? pexPrice.join(" · ") : "—" },
        ...(balanceOf
          ? tokens.map((s) => ({
              id: `bal-${s.toLowerCase()}`,
              label: t("protocol.exchange.balance", { symbol: swapTokenSymbol(s) }),
              value: `${formatToken(balanceOf[s], 18, 4)} ${swapTokenSymbol(s)}`,
            }))
          : []),
      ]}
    />
  );
}
