import { zeroAddress } from "viem";
import { render } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { HistoryList } from "@/features/lottery/components/history-list";
import { autoCleanup, setupI18n } from "../support/setup";

const round = (id: bigint, state: number) => ({
  id,
  state,
  winner: zeroAddress,
  randomness: 0n,
  winningNumber: 0n,
  players: 2n,
  totalEntries: 3n,
  prize: 0n,
  jackpot: 3_000_000n,
  endTime: 1_000n,
  requestId: 0n,
  requestedAt: 0n,
});
const rounds = [round(3n, 1), round(2n, 3), round(1n, 4)];

vi.mock("wagmi", () => ({ useBlock: () => ({ data: { timestamp: 500n } }) }));
vi.mock("@/features/lottery/hooks/use-history", () => ({
  HISTORY_PAGE_SIZE: 10,
  useRounds: () => ({ data: rounds, isError: false }),
  useDrawTransactions: () => ({ data: new Map() }),
}));
vi.mock("@/features/lottery/hooks/use-player-names", () => ({ usePlayerNames: () => (a: string) => a }));
vi.mock("@/features/lottery/components/round-detail", () => ({ RoundDetail: () => null }));
vi.mock("@/features/lottery/utils/game", () => ({}));

autoCleanup();
beforeAll(async () => {
  await setupI18n("cn");
});

describe("lottery history", () => {
  it("labels each round's status: 成功 once drawn, 处理中 before, 已取消 when cancelled", () => {
    render(<HistoryList roundCount={3n} symbol="USDT" decimals={6} />);
    const statuses = [...document.querySelectorAll('[data-testid="lottery-history-item"]')].map((item) => {
      const dt = [...item.querySelectorAll("dt")].find((d) => d.textContent === "状态")!;
      return dt.nextElementSibling!.textContent;
    });
    expect(statuses).toHaveLength(3);
    expect(statuses).toEqual(["处理中", "成功", "已取消"]);
  });
});
