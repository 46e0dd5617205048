import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, erc20Abi } from "viem";
import { useBalance } from "wagmi";
import { FigureCard } from "@/components/protocol/figure-card";
import { ApproveStep } from "@/components/protocol/approve-step";
import { WalletGate, useViewerAddress, useWalletReadiness } from "@/components/protocol/chain-guard";
import { FigureList } from "@/components/protocol/figure-list";
import { TokenAmountInput, validTokenAmount } from "@/components/protocol/token-amount-input";
import { TradeLimitFields } from "@/components/protocol/trade-limit-fields";
import { useSpendPlan } from "@/components/protocol/use-spend-plan";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { protocolAddress } from "@/lib/protocol/addresses";
import { minAfterSlippage } from "@/lib/protocol/slippage";
import { useNamedReads } from "@/lib/protocol/use-named-reads";
import { formatBps, formatToken } from "@/lib/protocol/token-amount";
import { uniswapRouterAbi } from "@/lib/protocol/uniswap-abi";
import { useChainNow } from "@/lib/protocol/use-chain-now";
import { useProtocolTx } from "@/lib/protocol/use-protocol-tx";
import { useTradeLimits } from "@/lib/protocol/use-trade-limits";
import { useWriteContract } from "@/lib/wallet/lazy-write";
import { TransactionStatus } from "@/lib/wallet/transaction-status";
import { usePools } from "../hooks/use-pools";
import { getAmountsOut, priceImpactBps } from "@domain/swap-math";
import { dexFeeBps } from "@/lib/protocol/dex";
import { routeHops, routerFunction, SWAP_TOKENS, swapRoute, type SwapToken } from "../utils/swap-route";
import { swapTokenSymbol } from "../utils/swap-token-symbol";
import { ExchangeMarket } from "./exchange-market";
import { TokenPicker } from "./token-picker";

const GAS_RESERVE = 10n ** 16n;

/**
 * Exchange: swap any two of the native coin (ETH locally, BNB on BSC), PEX and USDB on the
 * deployment's Uniswap V2 pools (PEX-ETH, PEX-USDB; ETH ⇄ USDB through PEX), with quote (at the
 * DEX's fee from the deployments file), price impact, slippage and deadline.
 */
export function ExchangeScreen() {
  const { t } = useTranslation();
  const { address: wallet } = useWalletReadiness();
  const address = useViewerAddress();
  const { pools, isError, refetch, isFetching } = usePools();
  const [sell, setSell] = useState<SwapToken>("ETH");
  const [buy, setBuy] = useState<SwapToken>("PEX");
  const [text, setText] = useState("");
  const limits = useTradeLimits();
  const { slippageBps, deadlineMinutes } = limits;
  const now = useChainNow();
  const { pex, usdb, weth, uniswapRouter: router } = protocolAddress;
  const tokenAddress: Record<SwapToken, Address | undefined> = { ETH: weth, PEX: pex, USDB: usdb };
  const eth = useBalance({ address, query: { enabled: Boolean(address) } });
  const balances = useNamedReads(
    {
      PEX: { address: pex, abi: erc20Abi, functionName: "balanceOf", args: [address!] },
      USDB: { address: usdb, abi: erc20Abi, functionName: "balanceOf", args: [address!] },
    },
    { query: { enabled: Boolean(address) } },
  );
  const sellToken = sell === "ETH" ? undefined : tokenAddress[sell];
  const tx = useProtocolTx("swap");
  const { writeContractAsync } = useWriteContract();
  const balanceOf: Record<SwapToken, bigint | undefined> = {
    ETH: eth.data?.value,
    PEX: balances.data?.PEX,
    USDB: balances.data?.USDB,
  };
  // Selling ETH keeps some for gas.
  const max = sell === "ETH" && eth.data ? (eth.data.value > GAS_RESERVE ? eth.data.value - GAS_RESERVE : 0n) : balanceOf[sell];
  const amount = validTokenAmount(text, 18, address ? max : undefined);
  // The router takes no permit: its allowance is approved (alone, or in a batch with the swap).
  const plan = useSpendPlan({ token: sellToken, owner: address, spender: router, amount, permit: false, state: tx.state });
  if (isError && !pools) return <LoadError onRetry={() => void refetch()} busy={isFetching} />;
  if (!pools?.ETH || !pex || !weth || !router) return <PageSpinner />;

  const tokens = SWAP_TOKENS.filter((s) => s === "PEX" || pools[s]);
  const route = swapRoute(sell, buy);
  const [sellSymbol, buySymbol] = [swapTokenSymbol(sell), swapTokenSymbol(buy)];
  const hops = routeHops(route, pools);
  const out = amount === null || !hops ? null : getAmountsOut(amount, hops, dexFeeBps).at(-1)!;
  const impact = amount === null || out === null || !hops ? null : priceImpactBps(amount, out, hops);
  const minOut = out !== null && slippageBps !== null ? minAfterSlippage(out, slippageBps) : null;
  const approved = sell === "ETH" || plan.path === "plain";
  // The router's allowance and the swap as one batch (one prompt) where the wallet takes them.
  const batched = sellToken !== undefined && plan.path === "batch";
  const ready = amount !== null && minOut !== null && minOut > 0n && deadlineMinutes !== null && now !== undefined && address;

  const pick = (side: "sell" | "buy", token: SwapToken) => {
    // Picking the token of the other side turns the direction round.
    if (side === "sell") {
      if (token === buy) setBuy(sell);
      setSell(token);
    } else {
      if (token === sell) setSell(buy);
      setBuy(token);
    }
    setText("");
  };

  const swap = async () => {
    if (!ready || amount === null || minOut === null || deadlineMinutes === null || now === undefined || !address) return;
    const deadline = BigInt(now) + deadlineMinutes * 60n;
    const path = route.map((s) => tokenAddress[s]!);
    const to = address as Address;
    const fn = routerFunction(sell, buy);
    const receipt = await tx.run("swap", (steps) =>
      batched && sellToken && fn !== "swapExactETHForTokens"
        ? plan.send(
            [
              { to: sellToken, abi: erc20Abi, functionName: "approve", args: [router, amount] },
              { to: router, abi: uniswapRouterAbi, functionName: fn, args: [amount, minOut, path, to, deadline] },
            ],
            steps,
          )
        : fn === "swapExactETHForTokens"
          ? writeContractAsync({
              address: router,
              abi: uniswapRouterAbi,
              functionName: fn,
              args: [minOut, path, to, deadline],
              value: amount,
            })
          : writeContractAsync({
              address: router,
              abi: uniswapRouterAbi,
              functionName: fn,
              args: [amount, minOut, path, to, deadline],
            }),
    );
    if (receipt) setText("");
  };

  return (
    <FigureCard id="exchange-title" title={t("protocol.exchange.title", { sell: sellSymbol, buy: buySymbol })}>
      <ExchangeMarket pools={pools} tokens={tokens} balanceOf={address ? balanceOf : null} />
      <TokenPicker
        label={t("protocol.exchange.sell")}
        tokens={tokens}
        value={sell}
        onChange={(s) => pick("sell", s)}
        disabled={tx.busy}
        testId="sell"
      />
      <TokenPicker
        label={t("protocol.exchange.receive")}
        tokens={tokens}
        value={buy}
        onChange={(s) => pick("buy", s)}
        disabled={tx.busy}
        testId="buy"
      />
      <TokenAmountInput
        label={t("protocol.exchange.amountIn", { symbol: sellSymbol })}
        symbol={sellSymbol}
        decimals={18}
        value={text}
        onChange={setText}
        max={address ? max : undefined}
        disabled={tx.busy}
        testId="swap-amount"
      />
      <TradeLimitFields limits={limits} testIdPrefix="swap" />
      <FigureList
        figures={[
          { id: "swap-route", label: t("protocol.exchange.route"), value: route.map(swapTokenSymbol).join(" → ") },
          {
            id: "swap-out",
            label: t("protocol.exchange.quote"),
            value: out === null ? "—" : `${formatToken(out, 18, 6)} ${buySymbol}`,
          },
          {
            id: "swap-min",
            label: t("protocol.exchange.minOut"),
            value: minOut === null ? "—" : `${formatToken(minOut, 18, 6)} ${buySymbol}`,
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
            {sellToken && plan.step !== "none" ? (
              <li className="steps__item">
                <ApproveStep
                  token={sellToken}
                  spender={router}
                  owner={wallet}
                  amount={amount}
                  symbol={sellSymbol}
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
                disabled={tx.busy || !ready || !(approved || batched)}
                onClick={() => void swap()}
                data-testid="swap-submit"
                data-batch={batched ? "true" : "false"}
              >
                {t("protocol.exchange.swap")}
              </button>
            </li>
          </ol>
        ) : null}
        <TransactionStatus state={tx.state} testId="swap-status" />
      </WalletGate>
    </FigureCard>
  );
}
