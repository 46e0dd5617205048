import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { AssetRecord } from "@/features/assets/api/get-asset-records";
import { RecordItem } from "@/features/assets/components/asset-records";
import { BalanceCard } from "@/features/assets/components/balance-card";
import type { UserInfo } from "@/types/api";
import { autoCleanup, setupI18n } from "../support/setup";

autoCleanup();
beforeAll(async () => {
  await setupI18n("cn");
});

const record = (over: Partial<AssetRecord>): AssetRecord => ({
  id: 1,
  type: "recharge",
  currency: "USDT",
  amount: "8000000",
  status: "Pending",
  time: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
  txHash: `0x${"ab".repeat(32)}`,
  explorerUrl: null,
  address: null,
  ref: "4200000000006",
  note: null,
  confirmations: null,
  ...over,
});

const info: UserInfo = {
  address: "0x1234567890abcdef1234567890abcdef1234abcd",
  type: 2,
  amountCny: "0",
  amountUsdt: "0",
  withdrawUsdt: "0",
  invitation: "K7M2PQ9X",
  inviter: null,
  nickname: null,
};

describe("asset records and the debt", () => {
  it("shows a pending recharge's confirmations as x of N", () => {
    render(<RecordItem record={record({ confirmations: { count: 2, required: 15 } })} />);
    expect(screen.getByTestId("record-confirmations").textContent).toBe("已确认 2 / 15 个区块");
    expect(screen.getByTestId("record-status").textContent).toBe("处理中");
  });

  it("labels a reversed recharge, without confirmations", () => {
    render(<RecordItem record={record({ status: "Reversed" })} />);
    expect(screen.getByTestId("record-status").textContent).toBe("已冲回");
    expect(screen.getByTestId("asset-record").dataset.status).toBe("Reversed");
    expect(screen.queryByTestId("record-confirmations")).toBeNull();
  });

  it("tells a user in debt why spending is blocked, and nothing when there is none", () => {
    const { unmount } = render(<BalanceCard info={{ ...info, debtUsdt: "13000000" }} onAction={vi.fn()} />);
    expect(screen.getByTestId("balance-debt").textContent).toContain("欠款 13.00 USDT");
    unmount();
    render(<BalanceCard info={{ ...info, debtUsdt: "0" }} onAction={vi.fn()} />);
    expect(screen.queryByTestId("balance-debt")).toBeNull();
  });
});
