import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AlloyDetail } from "@/features/alloy/components/alloy-detail";
import { AlloyList } from "@/features/alloy/components/alloy-list";
import { autoCleanup, setupI18n } from "../support/setup";
import { envelope, renderWithApp, stubApi } from "../support/shop-render";

autoCleanup();

const summary = {
  user1: 2,
  user2: 0,
  user3: 5,
  user4: 0,
  user5: 1200,
  alloy1: 99_000,
  alloy2: 100_000,
  alloy3: 0,
  alloy4: 100_000,
  alloy5: 1_234_567,
  materials: [1, 2, 3, 4, 5].map((m) => ({
    material: m,
    name: `合金原料${m}号`,
    user: [2, 0, 5, 0, 1200][m - 1]!,
    remaining: [99_000, 100_000, 0, 100_000, 1_234_567][m - 1]!,
  })),
};

beforeAll(async () => {
  await setupI18n("cn");
});
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "tok");
  window.location.hash = "#/pages/alloy/index";
});
afterEach(() => vi.unstubAllGlobals());

describe("alloy", () => {
  it("lists the five materials with my pieces and the total remaining", async () => {
    stubApi({ "GET /user/alloy": () => envelope(summary) });
    renderWithApp(<AlloyList />);
    await waitFor(() => expect(screen.getByTestId("alloy-list")).toBeTruthy());
    expect(screen.getAllByRole("link")).toHaveLength(5);
    expect(screen.getByText("合金原料3号")).toBeTruthy();
    expect(screen.getByTestId("alloy-5-mine").textContent).toBe("1,200");
    expect(screen.getByTestId("alloy-5-remaining").textContent).toBe("1,234,567");
    expect(screen.getByTestId("alloy-3-remaining").textContent).toBe("0");
    expect(screen.getByTestId("alloy-my-total").textContent).toBe("1,207");
    expect(screen.getAllByRole("link")[0]!.getAttribute("href")).toBe("/pages/alloy/allayDetail?material=1");
  });

  it("shows one material in detail", async () => {
    stubApi({ "GET /user/alloy": () => envelope(summary) });
    renderWithApp(<AlloyDetail material={3} />);
    await waitFor(() => expect(screen.getByTestId("alloy-detail")).toBeTruthy());
    expect(screen.getByRole("heading", { name: "合金原料3号" })).toBeTruthy();
    expect(screen.getByTestId("alloy-detail-mine").textContent).toBe("5");
    expect(screen.getByTestId("alloy-detail-remaining").textContent).toBe("0");
  });

  it("says so for an unknown material and offers a retry on failure", async () => {
    stubApi({ "GET /user/alloy": () => envelope(summary) });
    renderWithApp(<AlloyDetail material={9} />);
    await waitFor(() => expect(screen.getByText("没有该合金原料")).toBeTruthy());
    vi.unstubAllGlobals();
    stubApi({ "GET /user/alloy": () => envelope(null, 500, "Internal server error", 500) });
    renderWithApp(<AlloyList />);
    await waitFor(() => expect(screen.getByTestId("load-error")).toBeTruthy());
  });
});
