import type { ReactNode } from "react";
import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { JoinCard } from "@/features/boardroom/components/join-card";
import type { Boardroom } from "@/features/boardroom/hooks/use-boardroom";
import { autoCleanup, setupI18n } from "../support/setup";

/** Each flow's runner as the page would hold it; the leave is confirmed. */
const states: Record<string, { phase: string; hash?: string }> = {
  "leave-director": { phase: "confirmed", hash: `0x${"ab".repeat(32)}` },
  "join-director": { phase: "idle" },
};
vi.mock("@/lib/protocol/use-protocol-tx", () => ({
  useProtocolTx: (key: string) => ({ busy: false, state: states[key], run: vi.fn() }),
}));
vi.mock("@generated/hooks/dao", () => ({
  useWriteDaoJoinDirector: () => ({ writeContractAsync: vi.fn() }),
  useWriteDaoLeaveDirector: () => ({ writeContractAsync: vi.fn() }),
}));
vi.mock("@/components/protocol/chain-guard", () => ({ WalletGate: ({ children }: { children: ReactNode }) => children }));
vi.mock("@/lib/protocol/use-chain-now", () => ({ useChainNow: () => 2_000_000 }));

autoCleanup();
beforeAll(async () => {
  await setupI18n("en");
});

const boardroom = (director: boolean): Boardroom =>
  ({
    threshold: 10_000n * 10n ** 18n,
    proposalDuration: 86_400n,
    directors: director ? ["0x90F79bf6EB2c4f870365E785982E1f101E93b906"] : [],
    required: 1n,
    proposalCount: 0n,
    node: { director, nodeType: 4, ownPrincipal: 10_000n * 10n ** 18n },
    seniority: { eligible: true, eligibleSince: 1_000n, seniorAt: 2_000n, senior: true },
    seniorityPeriod: 60n,
    maxDirectors: 15n,
    seniorDirectors: director ? 1n : 0n,
  }) as unknown as Boardroom;

describe("the boardroom's join card", () => {
  it("keeps the leave's confirmation in view after the seat is gone and Join replaces Leave", () => {
    const { rerender } = render(<JoinCard boardroom={boardroom(true)} />);
    expect(screen.getByTestId("boardroom-leave")).toBeTruthy();
    // The leave confirmed and the reads caught up: the account is no longer a director.
    rerender(<JoinCard boardroom={boardroom(false)} />);
    expect(screen.queryByTestId("boardroom-leave")).toBeNull();
    expect(screen.getByTestId("boardroom-join")).toBeTruthy();
    expect(screen.getByTestId("boardroom-leave-status").getAttribute("data-phase")).toBe("confirmed");
  });
});
