import type { ReactNode } from "react";
import { zeroAddress } from "viem";
import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ProposalItem, type Proposal } from "@/features/boardroom/components/proposal-item";
import { proposalTime } from "@/features/boardroom/utils/proposal-time";
import { autoCleanup, setupI18n } from "../support/setup";

vi.mock("@generated/hooks/dao", () => ({ useWriteDaoPassProposal: () => ({ writeContractAsync: vi.fn() }) }));
vi.mock("@/lib/protocol/use-protocol-tx", () => ({
  useProtocolTx: () => ({ busy: false, state: { phase: "idle" }, run: vi.fn() }),
}));
vi.mock("@/features/boardroom/hooks/use-proposal-timeline", () => ({ useProposalTimeline: () => ({ data: undefined }) }));
vi.mock("@/lib/protocol/addresses", () => ({ protocolAddress: {} }));
vi.mock("@/components/protocol/chain-guard", () => ({ WalletGate: ({ children }: { children: ReactNode }) => children }));

autoCleanup();
beforeAll(async () => {
  await setupI18n("en");
});

const proposal = (over: Partial<Proposal> = {}): Proposal => ({
  random: 1_700_000_000_001n,
  creator: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  token: zeroAddress,
  recipient: zeroAddress,
  amount: 0n,
  signatures: 1n,
  requiredSignatures: 3n,
  startTime: 1_000n,
  endTime: 1_000n + 3n * 86_400n,
  status: 1,
  ...over,
});

describe("proposalTime", () => {
  it("counts down while the proposal is active; closed once it ended, executed or expired", () => {
    const p = proposal();
    expect(proposalTime(p, 1_000)).toEqual({ left: 3 * 86_400 });
    expect(proposalTime(p, Number(p.endTime))).toEqual({ left: 0 });
    expect(proposalTime(p, Number(p.endTime) + 1)).toBe("closed");
    expect(proposalTime(proposal({ status: 2 }), 1_000)).toBe("closed");
    expect(proposalTime(proposal({ status: 3 }), 1_000)).toBe("closed");
  });
});

describe("a proposal in the list", () => {
  const labels = () =>
    [...document.querySelectorAll("dt")].map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`);

  it("labels its status and time beside serial, amount, signatures, start and end", () => {
    render(<ProposalItem p={proposal()} signed={false} director={false} senior={false} now={1_000 + 3_600} />);
    expect(screen.getByText("Serial number 1700000000001")).toBeTruthy();
    const rows = labels();
    expect(rows).toContain("Status: Active");
    expect(rows).toContain("Time: 2d 23:00:00 left to sign");
    expect(rows.map((r) => r.split(":")[0])).toEqual([
      "Amount of proposal",
      "Number of signatures",
      "Start time",
      "End time",
      "Status",
      "Time",
      "Created by",
    ]);
  });

  it("says when signing is closed", () => {
    render(<ProposalItem p={proposal({ status: 2 })} signed={false} director={false} senior={false} now={2_000} />);
    expect(labels()).toEqual(expect.arrayContaining(["Status: Executed", "Time: Signing closed"]));
    expect(screen.getByTestId("boardroom-proposal-status").textContent).toBe("Executed");
  });

  it("keeps a director's sign button disabled until the chain says whether the director signed", () => {
    const p = proposal();
    const { rerender } = render(<ProposalItem p={p} signed={undefined} director senior now={2_000} />);
    const sign = () => screen.getByTestId("boardroom-sign") as HTMLButtonElement;
    expect(sign().disabled).toBe(true);
    rerender(<ProposalItem p={p} signed={false} director senior now={2_000} />);
    expect(sign().disabled).toBe(false);
    rerender(<ProposalItem p={p} signed director senior now={2_000} />);
    expect(sign().disabled).toBe(true);
    expect(sign().textContent).toBe("You signed");
  });
});
