import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, erc20Abi } from "viem";
import { useBalance, useReadContract, useWriteContract } from "wagmi";
import { AsOfBlock } from "@/components/protocol/as-of-block";
import { ApproveStep, allowanceCovers, useAllowance } from "@/components/protocol/approve-step";
import { WalletGate, useViewerAddress, useWalletReadiness } from "@/components/protocol/chain-guard";
import { FigureList } from "@/components/protocol/figure-list";
import { TokenAmountInput, validTokenAmount } from "@/components/protocol/token-amount-input";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { protocolAddress } from "@/lib/protocol/addresses";
import { formatBps, formatToken, formatTokenPrice } from "@/lib/protocol/token-amount";
import { uniswapRouterAbi } from "@/lib/protocol/uniswap-abi";
import { useChainNow } from "@/lib/protocol/use-chain-now";
import { useProtocolTx } from "@/lib/protocol/use-protocol-tx";
import { TransactionStatus } from "@/lib/wallet/transaction-status";
import { usePexEthPool } from "../hooks/use-pool";
import { getAmountOut, priceImpactBps } from "../utils/swap-math";

const GAS_RESERVE = 10n ** 16n;

/** Exchange: swap ETH ⇄ PEX on the local Uniswap V2 pair, with quote, price impact, slippage and deadline. */
export function ExchangeScreen() {
  const { t } = useTranslation();
  const { address: wallet } = useWalletReadiness();
  const viewer = useViewerAddress();
  const address = viewer;
  const { reserves, isError, refetch, isFetching } = usePexEthPool();
  const [sell, setSell] = useState<"ETH" | "PEX">("ETH");
  const [text, setText] = useState("");
  const [slippage, setSlippage] = useState("1");
  const [minutes, setMinutes] = useState("20");
  const now = useChainNow();
  const pex = protocolAddress.pex;
  const weth = protocolAddress.weth;
  const router = protocolAddress.uniswapRouter;
  const eth = useBalance({ address, query: { enabled: Boolean(address) } });
  const pexBalance = useReadContract({
    address: pex,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: address ? [address] : undefined,
    query: { enabled: Boolean(pex && address) },
  });
  const allowance = useAllowance(pex, address, router);
  const tx = useProtocolTx("swap");
  const { writeContractAsync } = useWriteContract();
  if (isError && !reserves) return <LoadError onRetry={() => void refetch()} busy={isFetching} />;
  if (!reserves || !pex || !weth || !router) return <PageSpinner />;

  const buy = sell === "ETH" ? "PEX" : "ETH";
  const max =
    sell === "ETH"
      ? eth.data
        ? eth.data.value > GAS_RESERVE
          ? eth.data.value - GAS_RESERVE
          : 0n
        : undefined
      : pexBalance.data;
  const amount = validTokenAmount(text, 18, address ? max : undefined);
  const [reserveIn, reserveOut] = sell === "ETH" ? [reserves.eth, reserves.pex] : [reserves.pex, reserves.eth];
  const out = amount === null ? null : getAmountOut(amount, reserveIn, reserveOut);
  const impact = amount === null || out === null ? null : priceImpactBps(amount, out, reserveIn, reserveOut);
  const m = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(slippage.trim());
  const slippageBps = m ? BigInt(m[1]!) * 100n + BigInt((m[2] ?? "").padEnd(2, "0")) : null;
  const slippageOk = slippageBps !== null && slippageBps >= 1n && slippageBps <= 5_000n;
  const deadlineMinutes = /^[1-9]\d{0,3}$/.test(minutes) ? BigInt(minutes) : null;
  const minOut = out !== null && slippageOk ? (out * (10_000n - slippageBps!)) / 10_000n : null;
  const approved = sell === "ETH" || allowanceCovers(allowance.data, amount);
  const ready = amount !== null && minOut !== null && minOut > 0n && deadlineMinutes !== null && now !== undefined && address;

  const swap = async () => {
    if (!ready || amount === null || minOut === null || deadlineMinutes === null || now === undefined || !address) return;
    const deadline = BigInt(now) + deadlineMinutes * 60n;
    const receipt = await tx.run("swap", () =>
      sell === "ETH"
        ? writeContractAsync({
            address: router,
            abi: uniswapRouterAbi,
            functionName: "swapExactETHForTokens",
            args: [minOut, [weth, pex], address as Address, deadline],
            value: amount,
          })
        : writeContractAsync({
            address: router,
            abi: uniswapRouterAbi,
            functionName: "swapExactTokensForETH",
            args: [amount, minOut, [pex, weth], address as Address, deadline],
          }),
    );
    if (receipt) setText("");
  };

  return (
    <section className="card" aria-labelledby="exchange-title">
      <h2 id="exchange-title" className="card__title">
        {t("protocol.exchange.title", { sell, buy })}
      </h2>
      <AsOfBlock />
      <FigureList
        figures={[
          { id: "pool-pex", label: t("protocol.exchange.poolPex"), value: `${formatToken(reserves.pex)} PEX` },
          { id: "pool-eth", label: t("protocol.exchange.poolEth"), value: `${formatToken(reserves.eth, 18, 4)} ETH` },
          {
            id: "pool-price",
            label: t("protocol.exchange.midPrice"),
            value: reserves.pex > 0n ? `${formatTokenPrice((reserves.eth * 10n ** 18n) / reserves.pex, 18, 6)} ETH` : "—",
          },
          ...(address
            ? [
                { id: "bal-eth", label: t("protocol.exchange.ethBalance"), value: `${formatToken(eth.data?.value, 18, 4)} ETH` },
                { id: "bal-pex", label: t("protocol.exchange.pexBalance"), value: `${formatToken(pexBalance.data, 18, 4)} PEX` },
              ]
            : []),
        ]}
      />
      <div className="segmented" role="group" aria-label={t("protocol.exchange.direction")}>
        {(["ETH", "PEX"] as const).map((s) => (
          <button
            key={s}
            type="button"
            className={s === sell ? "btn btn--primary" : "btn btn--secondary"}
            aria-pressed={s === sell}
            onClick={() => {
              setSell(s);
              setText("");
            }}
            data-testid={`sell-${s.toLowerCase()}`}
          >
            {t("protocol.exchange.sellFor", { sell: s, buy: s === "ETH" ? "PEX" : "ETH" })}
          </button>
        ))}
      </div>
      <TokenAmountInput
        label={t("protocol.exchange.amountIn", { symbol: sell })}
        symbol={sell}
        decimals={18}
        value={text}
        onChange={setText}
        max={address ? max : undefined}
        disabled={tx.busy}
        testId="swap-amount"
      />
      <div className="field-pair">
        <TextField
          label={t("protocol.slippage")}
          inputMode="decimal"
          value={slippage}
          onChange={(e) => setSlippage(e.target.value.replace(/[^\d.]/g, "").slice(0, 5))}
          error={!slippageOk ? t("protocol.slippageInvalid") : null}
          addon={<span className="token-symbol">%</span>}
          data-testid="swap-slippage"
        />
        <TextField
          label={t("protocol.deadline")}
          inputMode="numeric"
          value={minutes}
          onChange={(e) => setMinutes(e.target.value.replace(/\D/g, "").slice(0, 4))}
          error={deadlineMinutes === null ? t("protocol.deadlineInvalid") : null}
          addon={<span className="token-symbol">{t("protocol.minutes")}</span>}
          data-testid="swap-deadline"
        />
      </div>
      <FigureList
        figures={[
          {
            id: "swap-out",
            label: t("protocol.exchange.quote"),
            value: out === null ? "—" : `${formatToken(out, 18, 6)} ${buy}`,
          },
          {
            id: "swap-min",
            label: t("protocol.exchange.minOut"),
            value: minOut === null ? "—" : `${formatToken(minOut, 18, 6)} ${buy}`,
          },
          {
            id: "swap-impact",
            label: t("protocol.exchange.impact"),
            value: impact === null ? "—" : formatBps(impact),
            tone: impact !== null && impact > 300n ? "warn" : undefined,
          },
        ]}
      />
      <WalletGate>
        {wallet ? (
          <ol className="steps">
            {sell === "PEX" ? (
              <li className="steps__item">
                <ApproveStep
                  token={pex}
                  spender={router}
                  owner={wallet}
                  amount={amount}
                  symbol="PEX"
                  run={tx.run}
                  busy={tx.busy}
                  testId="swap-approve"
                />
              </li>
            ) : null}
            <li className="steps__item">
              <button
                type="button"
                className="btn btn--primary btn--block"
                disabled={tx.busy || !ready || !approved}
                onClick={() => void swap()}
                data-testid="swap-submit"
              >
                {t("protocol.exchange.swap")}
              </button>
            </li>
          </ol>
        ) : null}
        <TransactionStatus state={tx.state} testId="swap-status" />
      </WalletGate>
      <p className="muted">{t("protocol.exchange.usdbNote")}</p>
    </section>
  );
}
