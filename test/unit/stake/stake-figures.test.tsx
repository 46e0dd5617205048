import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProtocolFigures } from "@/lib/protocol/public-figures";
import { StakeSummary } from "@/features/stake/components/stake-summary";
import { StakeSummaryPreview } from "@/features/stake/components/stake-summary-preview";
import { stakeSummaryFromFigures } from "@/features/stake/utils/stake-figures";
import { setupI18n } from "../support/setup";

// The live card's wallet parts: the chain clock at the block's time, no transaction under way.
const chainNow = vi.hoisted(() => ({ value: 0 }));
vi.mock("@/lib/protocol/use-chain-now", () => ({ useChainNow: () => chainNow.value }));
vi.mock("@generated/hooks/spex", () => ({ useWriteSpexRebase: () => ({ writeContractAsync: vi.fn() }) }));
vi.mock("@/lib/protocol/use-protocol-tx", () => ({
  useProtocolTx: () => ({ state: { phase: "idle" }, busy: false, run: vi.fn() }),
}));

const E18 = 10n ** 18n;
const BLOCK = { number: 1234n, timestamp: 1_700_000_000n };
const stake = {
  epochNumber: "42",
  epochEnd: "1700003600",
  epochLength: "28800",
  rewardRate: "3000",
  nextRebase: "1700003600",
  denominator: "1000000",
  totalStaked: (12_345n * E18 + 6n * 10n ** 17n).toString(),
};
const figures: ProtocolFigures = {
  block: { number: BLOCK.number.toString(), timestamp: BLOCK.timestamp.toString() },
  dashboard: null,
  stake,
  bonds: null,
  lottery: null,
};
/** What useStakeOverview hands the live card for the same chain state (an account's balances included). */
const liveOverview = {
  epochNumber: 42n,
  epochEnd: 1_700_003_600n,
  epochLength: 28_800n,
  rewardRate: 3_000n,
  nextRebase: 1_700_003_600n,
  denominator: 1_000_000n,
  totalStaked: 12_345n * E18 + 6n * 10n ** 17n,
  pexBalance: 5n * E18,
  spexBalance: 7n * E18,
};

beforeAll(async () => {
  await setupI18n("en");
});
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_800_000_000_000);
  chainNow.value = Number(BLOCK.timestamp);
});
afterEach(() => vi.useRealTimers());

/** The card as the browser renders it, where the chain clock ticks (a server render draws it at `seenAt`). */
function inBrowser(card: ReactElement): string {
  const { container, unmount } = render(card);
  const html = container.innerHTML;
  unmount();
  return html;
}

describe("the stake summary from the server's figures", () => {
  it("takes each decimal string as the exact bigint", () => {
    const { pexBalance: _p, spexBalance: _s, ...summary } = liveOverview;
    expect(stakeSummaryFromFigures(stake)).toEqual(summary);
    expect(
      stakeSummaryFromFigures({
        ...stake,
        totalStaked: "115792089237316195423570985008687907853269984665640564039457584007913129639935",
      }).totalStaked,
    ).toBe(2n ** 256n - 1n);
  });

  it("paints the very markup the wallet's reads paint for the same chain state, block and clock", () => {
    const preview = renderToString(<StakeSummaryPreview figures={figures} seenAt={Date.now()} />);
    const live = renderToString(<StakeSummary overview={liveOverview} block={BLOCK} />);
    expect(preview).toBe(live);
    expect(preview).toContain("As of block #1234");
    expect(preview).toContain("12,345.60 PEX");
    expect(preview).toContain("01:00:00");
  });

  it("counts down on the server block's clock from when the figures arrived", () => {
    const seenAt = Date.now() - 61_000;
    expect(inBrowser(<StakeSummaryPreview figures={figures} seenAt={seenAt} />)).toContain("00:58:59");
    // Drawn on the server (and hydrated) at the reading's own time: both draw the same.
    expect(renderToString(<StakeSummaryPreview figures={figures} seenAt={seenAt} />)).toContain("01:00:00");
  });

  it("holds a due rebase's place (the button the wallet code brings) from the first paint, and none before it is due", () => {
    const html = renderToString(<StakeSummaryPreview figures={figures} seenAt={Date.now()} />);
    expect(html).not.toContain("rebase-slot");
    const late = inBrowser(<StakeSummaryPreview figures={figures} seenAt={Date.now() - 3_601_000} />);
    expect(late).toContain('<div class="action-slot" data-testid="rebase-slot"></div>');
    expect(late.indexOf("rebase-slot")).toBeGreaterThan(late.indexOf("apy-formula"));
  });

  it("paints nothing without stake figures", () => {
    expect(renderToString(<StakeSummaryPreview figures={{ ...figures, stake: null }} seenAt={Date.now()} />)).toBe("");
  });
});
