import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { productSummary } from "../support/products";
import { ProductList } from "@/features/products/components/product-list";
import { autoCleanup, setupI18n } from "../support/setup";
import { envelope, renderWithApp, stubApi } from "../support/shop-render";

autoCleanup();

const product = (id: number) =>
  productSummary(id, { title: `Product ${id}`, images: [`/demo/products/p${id}.svg`], stock: id === 2 ? 0 : 10 });

beforeAll(async () => {
  await setupI18n("cn");
});
beforeEach(() => {
  localStorage.clear();
  window.location.hash = "#/pages/index/index";
});
afterEach(() => vi.unstubAllGlobals());

describe("home product list", () => {
  it("shows 暂无数据 when there are no products", async () => {
    stubApi({ "GET /home/product/list": () => envelope({ list: [], total: 0, page: 1, limit: 10 }) });
    renderWithApp(<ProductList />);
    await waitFor(() => expect(screen.getByTestId("empty").textContent).toBe("暂无数据"));
  });

  it("asks for pages of 10 and loads the next page on demand", async () => {
    const fetchMock = stubApi({
      "GET /home/product/list": () => {
        const url = String(fetchMock.mock.calls.at(-1)![0]);
        const page = Number(new URL(url, "http://x").searchParams.get("page"));
        const ids = page === 1 ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] : [11, 12];
        return envelope({ list: ids.map(product), total: 12, page, limit: 10 });
      },
    });
    renderWithApp(<ProductList />);
    await waitFor(() => expect(screen.getAllByTestId("product-card")).toHaveLength(10));
    expect(String(fetchMock.mock.calls[0]![0])).toContain("page=1&limit=10");
    fireEvent.click(screen.getByTestId("products-more"));
    await waitFor(() => expect(screen.getAllByTestId("product-card")).toHaveLength(12));
    expect(String(fetchMock.mock.calls[1]![0])).toContain("page=2&limit=10");
    expect(screen.queryByTestId("products-more")).toBeNull();
    expect(screen.getByText("没有更多了")).toBeTruthy();
  });

  it("shows price in yuan with 3 decimals, the daily return as a percent, the cycle, and sold out", async () => {
    stubApi({ "GET /home/product/list": () => envelope({ list: [product(1), product(2)], total: 2, page: 1, limit: 10 }) });
    renderWithApp(<ProductList />);
    await waitFor(() => expect(screen.getAllByTestId("product-card")).toHaveLength(2));
    const first = screen.getAllByTestId("product-card")[0]!;
    expect(first.textContent).toContain("¥199.000");
    expect(first.textContent).toContain("≈ 28.000 USDT");
    expect(first.textContent).toContain("0.80%");
    expect(first.textContent).toContain("180 天");
    expect(first.querySelector("a")!.getAttribute("href")).toBe("/pages/goods-detail/goods-detail?id=1");
    expect(screen.getAllByTestId("product-card")[1]!.textContent).toContain("已售罄");
  });

  it("shows an error with a retry instead of a blank list", async () => {
    let fail = true;
    stubApi({
      "GET /home/product/list": () =>
        fail ? envelope(null, 500, "Internal server error", 500) : envelope({ list: [product(1)], total: 1, page: 1, limit: 10 }),
    });
    renderWithApp(<ProductList />);
    await waitFor(() => expect(screen.getByTestId("load-error")).toBeTruthy());
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "重试" }));
    await waitFor(() => expect(screen.getAllByTestId("product-card")).toHaveLength(1));
  });
});
