import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Earnings } from "@/features/earnings/api/get-earnings";
import { EarningsView } from "@/features/earnings/components/earnings-view";
import { IncomeInvestment } from "@/features/earnings/components/income-investment";
import { PlayerEarnings } from "@/features/earnings/components/player-earnings";
import { ProductRevenue } from "@/features/earnings/components/product-revenue";
import { QuarterlyEarnings } from "@/features/earnings/components/quarterly-earnings";
import { autoCleanup, setupI18n } from "../support/setup";
import { envelope, renderWithApp, stubApi } from "../support/shop-render";

autoCleanup();

const data: Earnings = {
  totals: { invested: "588000000", income: "35120000", reward: "1500000", earned: "36620000", orders: 3, runningOrders: 2 },
  perProduct: [
    { productId: 6, title: "稀土镁合金块 WE43", orders: 1, runningOrders: 1, invested: "420000000", income: "69300000" },
    { productId: 1, title: "精选铝合金锭 6061", orders: 2, runningOrders: 1, invested: "56000000", income: "1234567" },
  ],
  team: {
    byLevel: [
      { level: 1, members: 1, reward: "1000000" },
      { level: 2, members: 1, reward: "500000" },
    ],
    byMember: [{ address: "0x3c44…93bc", nickname: "Bob", level: 1, reward: "1000000" }],
  },
  byQuarter: [{ quarter: "2026-Q3", year: 2026, q: 3, income: "35120000", reward: "1500000", earned: "36620000" }],
  series: {
    bucket: "week",
    points: [
      { date: "2026-11-09", invested: "0", income: "0", reward: "0", earned: "0" },
      { date: "2026-11-16", invested: "588000000", income: "35120000", reward: "1500000", earned: "36620000" },
    ],
  },
};

const empty: Earnings = {
  totals: { invested: "0", income: "0", reward: "0", earned: "0", orders: 0, runningOrders: 0 },
  perProduct: [],
  team: { byLevel: [], byMember: [] },
  byQuarter: [],
  series: { bucket: "week", points: [{ date: "2026-11-16", invested: "0", income: "0", reward: "0", earned: "0" }] },
};

const VIEWS = [
  ["productRevenue", ProductRevenue],
  ["playerEarnings", PlayerEarnings],
  ["quarterlyEarnings", QuarterlyEarnings],
  ["incomeInvestment", IncomeInvestment],
] as const;

beforeAll(async () => {
  await setupI18n("cn");
});
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "tok");
  window.location.hash = "#/pages/index/productRevenue";
});
afterEach(() => vi.unstubAllGlobals());

describe("earnings pages", () => {
  it("ask for the weekly aggregate and show the totals with 2 decimals", async () => {
    const bodies: unknown[] = [];
    stubApi({ "POST /asset/earnings": (body) => (bodies.push(body), envelope(data)) });
    renderWithApp(<EarningsView>{(d) => <ProductRevenue data={d} />}</EarningsView>, { path: "/pages/index/productRevenue" });
    await waitFor(() => expect(screen.getByTestId("total-invested").textContent).toBe("588.00"));
    expect(bodies[0]).toEqual({ bucket: "week", points: 26 });
    expect(screen.getByTestId("total-earned").textContent).toBe("36.62");
    expect(screen.getByRole("link", { name: "产品收益", current: "page" })).toBeTruthy();
  });

  it("income per product: one row per product, exact amounts", () => {
    renderWithApp(<ProductRevenue data={data} />);
    const rows = screen.getByTestId("earnings-table").querySelectorAll("tbody tr");
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain("稀土镁合金块 WE43");
    expect(rows[0]!.textContent).toContain("420.00");
    expect(rows[0]!.textContent).toContain("69.30");
    expect(rows[1]!.textContent).toContain("1.23");
    expect(screen.getByTestId("earnings-chart").getAttribute("role")).toBe("img");
  });

  it("income from the team: per member with level", () => {
    renderWithApp(<PlayerEarnings data={data} />);
    const rows = screen.getByTestId("earnings-table").querySelectorAll("tbody tr");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain("Bob");
    expect(rows[0]!.textContent).toContain("1级");
    expect(rows[0]!.textContent).toContain("1.00");
  });

  it("income by quarter and invested against earned, newest first", () => {
    renderWithApp(<QuarterlyEarnings data={data} />);
    expect(screen.getByTestId("earnings-table").textContent).toContain("2026-Q3");
    expect(screen.getByTestId("earnings-table").textContent).toContain("36.62");
  });

  it("invested against earned lists the weeks newest first", () => {
    renderWithApp(<IncomeInvestment data={data} />);
    const rows = screen.getByTestId("earnings-table").querySelectorAll("tbody tr");
    expect(rows[0]!.textContent).toContain("2026-11-16");
    expect(rows[0]!.textContent).toContain("588.00");
    expect(rows[1]!.textContent).toContain("2026-11-09");
  });

  it.each(VIEWS)("%s shows 暂无数据 without data", (_name, View) => {
    renderWithApp(<View data={empty} />);
    expect(screen.getByTestId("empty").textContent).toBe("暂无数据");
    expect(screen.queryByTestId("earnings-chart")).toBeNull();
  });
});
