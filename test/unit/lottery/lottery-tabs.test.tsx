import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { drawStatus, historyStatus, shortDecimal } from "@/features/lottery/utils/round-state";
import { type LotteryTab, LotteryTabs } from "@/features/lottery/components/lottery-tabs";
import { autoCleanup, setupI18n } from "../support/setup";

autoCleanup();

function Tabs() {
  const [tab, setTab] = useState<LotteryTab>("history");
  return <LotteryTabs active={tab} onChange={setTab} render={(open) => <p>panel {open}</p>} />;
}

describe("LotteryTabs", () => {
  beforeAll(async () => {
    await setupI18n("cn");
  });

  it("names the five tabs, shows one panel and moves with the arrow keys", () => {
    render(<Tabs />);
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

describe("drawStatus", () => {
  const day = 86_400n;
  const ended = { state: 2, endTime: 1_000n, requestId: 0n, requestedAt: 0n };
  const requested = { ...ended, requestId: 7n, requestedAt: 2_000n };

  it("follows a round from joining through its VRF request to the word or the timeout", () => {
    expect(drawStatus({ ...ended, state: 1 }, 500n)).toBe("open");
    expect(drawStatus(ended, 1_500n)).toBe("awaitingRequest");
    expect(drawStatus(ended, 1_000n + day + 1n)).toBe("timedOut");
    // The timeout runs from the request once there is one.
    expect(drawStatus(requested, 1_000n + day + 1n)).toBe("awaitingWord");
    expect(drawStatus(requested, 2_000n + day)).toBe("awaitingWord");
    expect(drawStatus(requested, 2_000n + day + 1n)).toBe("timedOut");
    expect(drawStatus({ ...requested, state: 3 }, 0n)).toBe("fulfilled");
    expect(drawStatus({ ...requested, state: 4 }, 0n)).toBe("cancelled");
  });

  it("shortens long request ids only", () => {
    expect(shortDecimal(42n)).toBe("42");
    const id = 2n ** 255n;
    expect(shortDecimal(id)).toBe(`${id.toString().slice(0, 8)}…${id.toString().slice(-6)}`);
  });
});
