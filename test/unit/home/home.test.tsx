import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CHECKIN_POINTS, CheckinOverlay } from "@/features/checkin/components/checkin-overlay";
import { markCheckinShown, shouldShowCheckin } from "@/features/checkin/utils/checkin-day";
import { ProtocolMenus } from "@/features/home/components/protocol-menus";
import { protocolMenus } from "@/config/paths";
import { autoCleanup, setupI18n } from "../support/setup";
import { renderWithApp, stubApi } from "../support/shop-render";

autoCleanup();

const alice = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
// 2026-11-20 15:59 UTC is 23:59 in UTC+8; two minutes later it is already 2026-11-21 there.
const lastMinute = Date.UTC(2026, 10, 20, 15, 59);
const nextUtc8Day = Date.UTC(2026, 10, 20, 16, 1);

beforeAll(async () => {
  await setupI18n("cn");
});
beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("sign-in reward overlay", () => {
  it("shows 恭喜获得，签到成功 with the 100-point reward, closable", () => {
    stubApi({});
    renderWithApp(<CheckinOverlay address={alice} />);
    expect(CHECKIN_POINTS).toBe(100);
    expect(screen.getByRole("dialog", { name: "恭喜获得，签到成功" })).toBeTruthy();
    expect(screen.getByTestId("checkin-points").textContent).toBe("+100 积分");
    fireEvent.click(screen.getByTestId("checkin-close"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("is shown once a day (UTC+8) per address, and makes no call", () => {
    const fetchMock = stubApi({});
    renderWithApp(<CheckinOverlay address={alice} />);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(shouldShowCheckin(alice)).toBe(false);
    expect(shouldShowCheckin(alice.toLowerCase())).toBe(false);
    expect(shouldShowCheckin("0x0000000000000000000000000000000000000001")).toBe(true);
    markCheckinShown(alice, lastMinute);
    expect(shouldShowCheckin(alice, lastMinute - 12 * 3_600_000)).toBe(false);
    expect(shouldShowCheckin(alice, nextUtc8Day)).toBe(true);
    markCheckinShown(alice, nextUtc8Day);
    expect(shouldShowCheckin(alice, nextUtc8Day + 20 * 3_600_000)).toBe(false);
    expect(shouldShowCheckin(alice, nextUtc8Day + 86_400_000)).toBe(true);
  });

  it("is not shown a second time on the same day", () => {
    stubApi({});
    markCheckinShown(alice);
    renderWithApp(<CheckinOverlay address={alice} />);
    expect(screen.queryByTestId("checkin-overlay")).toBeNull();
  });
});

describe("protocol menus", () => {
  it("links every menu of the text catalogue to its route under /pages/protocol", () => {
    stubApi({});
    renderWithApp(<ProtocolMenus />);
    const links = screen.getAllByRole("link");
    expect(links).toHaveLength(13);
    // The menu labels in cn (issue 7 gave them real translations).
    expect(links.map((l) => l.textContent)).toEqual([
      "仪表盘",
      "质押",
      "债券",
      "领取收益",
      "WIN 相关",
      "WIN 奖励",
      "WIN 1 奖励",
      "DAO 奖励",
      "IDO 释放",
      "董事会",
      "兑换",
      "跨链桥",
      "彩票",
    ]);
    expect(links.map((l) => l.getAttribute("href"))).toEqual(protocolMenus.map((m) => m.path));
    expect(links[3]!.getAttribute("href")).toBe("/pages/protocol/claim-profit");
  });
});
