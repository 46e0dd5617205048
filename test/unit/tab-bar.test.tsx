import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TabBar } from "@/components/layout/tab-bar";
import { protocolMenus } from "@/config/paths";
import { resolveActiveTab } from "@/config/tabs";
import { autoCleanup, setupI18n } from "./support/setup";

autoCleanup();

beforeAll(async () => {
  await setupI18n("cn");
});

beforeEach(() => localStorage.clear());

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: "*", element: <TabBar /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

const current = () => screen.getAllByRole("link").find((link) => link.getAttribute("aria-current") === "page");

describe("tab bar", () => {
  it("shows the four tabs with the specification's labels and routes", () => {
    renderAt("/pages/index/index");
    const links = screen.getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual(["首页", "专区", "资产", "我的"]);
    expect(links.map((l) => l.getAttribute("href"))).toEqual([
      "/pages/index/index",
      "/pages/alloy/index",
      "/pages/assets/assets",
      "/pages/my/my",
    ]);
  });

  it("defaults to the first tab", () => {
    renderAt("/somewhere/else");
    expect(current()?.textContent).toBe("首页");
  });

  it("follows the route and remembers it under tabId", () => {
    renderAt("/pages/my/my");
    expect(current()?.textContent).toBe("我的");
    expect(localStorage.getItem("tabId")).toBe("mine");
  });

  it("uses the remembered tab on a page that is no tab", () => {
    localStorage.setItem("tabId", "assets");
    renderAt("/pages/notice/notice");
    expect(current()?.textContent).toBe("资产");
  });

  it("keeps the zone tab active on every protocol page (they are opened from it)", () => {
    localStorage.setItem("tabId", "home");
    for (const menu of protocolMenus) expect(resolveActiveTab(menu.path, "home")).toBe("zone");
    renderAt("/pages/protocol/stake");
    expect(current()?.textContent).toBe("专区");
    expect(localStorage.getItem("tabId")).toBe("zone");
    expect(resolveActiveTab("/pages/protocolish", "assets")).toBe("assets");
  });

  it("treats / as the home tab and ignores a bad stored id", () => {
    expect(resolveActiveTab("/", "zone")).toBe("home");
    expect(resolveActiveTab("/x", "nonsense")).toBe("home");
  });
});
