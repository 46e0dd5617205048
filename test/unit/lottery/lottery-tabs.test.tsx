import { fireEvent, render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { historyStatus } from "@/features/lottery/utils/round-state";
import { LotteryTabs } from "@/features/lottery/components/lottery-tabs";
import { autoCleanup, setupI18n } from "../support/setup";

autoCleanup();

describe("LotteryTabs", () => {
  beforeAll(async () => {
    await setupI18n("cn");
  });

  it("names the five tabs, shows one panel and moves with the arrow keys", () => {
    render(<LotteryTabs render={(tab) => <p>panel {tab}</p>} />);
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["历史", "我的", "充值", "提现", "奖励"]);
    expect(screen.getByRole("tabpanel").textContent).toBe("panel history");
    expect(tabs[0]!.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(tabs[0]!, { key: "ArrowLeft" });
    expect(screen.getByRole("tabpanel").textContent).toBe("panel rewards");
    fireEvent.keyDown(screen.getByRole("tab", { name: "奖励" }), { key: "ArrowRight" });
    expect(screen.getByRole("tabpanel").textContent).toBe("panel history");
    fireEvent.click(screen.getByRole("tab", { name: "充值" }));
    expect(screen.getByRole("tabpanel").textContent).toBe("panel recharge");
    expect(screen.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe("lottery-tab-recharge");
  });
});

describe("historyStatus", () => {
  it("is Success once drawn, Cancelled when cancelled, Pending before", () => {
    expect([0, 1, 2, 3, 4].map(historyStatus)).toEqual(["pending", "pending", "pending", "success", "cancelled"]);
  });
});
