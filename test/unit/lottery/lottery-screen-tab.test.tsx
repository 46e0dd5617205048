import { act, fireEvent, render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { LotteryData } from "@/features/lottery/hooks/use-lottery";
import { LotteryScreen } from "@/features/lottery/components/lottery-screen";
import { autoCleanup, setupI18n } from "../support/setup";

autoCleanup();

const ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dC79C8";
vi.mock("@/features/lottery/utils/game", () => ({ gameAddress: "0x00000000000000000000000000000000000000aa" }));
// The reads: what useLottery hands the screen is set by each test step.
const reads = vi.hoisted(() => ({ lottery: undefined as unknown }));
vi.mock("@/features/lottery/hooks/use-lottery", () => ({
  useLottery: () => ({ lottery: reads.lottery, isError: false, refetch: () => {}, isFetching: !reads.lottery }),
}));
vi.mock("@/components/protocol/as-of-block", () => ({ useLatestBlock: () => ({ number: 9n, timestamp: 1n }) }));
vi.mock("@/components/protocol/chain-guard", () => ({
  useWalletReadiness: () => ({ readiness: "ready", address: ACCOUNT }),
}));
vi.mock("@/lib/protocol/public-figures", () => ({ usePublicFigures: () => ({ data: undefined, dataUpdatedAt: 0 }) }));
vi.mock("@/lib/protocol/wallet-guard-slot", () => ({ useWalletGuard: () => null }));
// The parts around the tabs are not what this test is about.
vi.mock("@/features/lottery/components/round-card", () => ({ RoundCard: () => <p>round</p> }));
vi.mock("@/features/lottery/components/lottery-settings", () => ({ LotterySettings: () => null }));
vi.mock("@/features/lottery/components/lottery-panel", () => ({
  default: ({ tab }: { tab: string }) => <p data-testid="panel">panel {tab}</p>,
}));

const lottery = { roundId: 1n, decimals: 6, symbol: "USDT" } as unknown as LotteryData;

describe("LotteryScreen", () => {
  beforeAll(async () => {
    await setupI18n("en");
  });

  it("keeps the tab the visitor chose while the reads start over (the wallet's account arriving)", async () => {
    reads.lottery = lottery;
    const { rerender } = render(<LotteryScreen nickname={null} />);
    fireEvent.click(screen.getByTestId("lottery-tab-recharge"));
    expect((await screen.findByTestId("panel")).textContent).toBe("panel recharge");

    // The reads' keys changed (another account): no data for a moment, the round card's spinner.
    reads.lottery = undefined;
    rerender(<LotteryScreen nickname={null} />);
    expect(screen.queryByTestId("lottery-tab-recharge")).toBeNull();

    reads.lottery = { ...lottery };
    await act(async () => rerender(<LotteryScreen nickname={null} />));
    expect(screen.getByTestId("lottery-tab-recharge").getAttribute("aria-selected")).toBe("true");
    expect((await screen.findByTestId("panel")).textContent).toBe("panel recharge");
  });
});
