import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { HeaderBar } from "@/components/layout/header-bar";
import { Empty } from "@/components/ui/empty";
import { autoCleanup, setupI18n } from "./support/setup";

autoCleanup();

beforeAll(async () => {
  await setupI18n("en");
});

function renderHeader(props: Parameters<typeof HeaderBar>[0]) {
  const router = createMemoryRouter(
    [
      { path: "/pages/my/bank", element: <HeaderBar {...props} /> },
      { path: "*", element: <p data-testid="landed" /> },
    ],
    { initialEntries: ["/pages/my/bank"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("header bar", () => {
  it("shows the title and goes home by default", () => {
    const router = renderHeader({ title: "Bank" });
    expect(screen.getByRole("heading", { name: "Bank" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(router.state.location.pathname).toBe("/pages/index/index");
  });

  it("goes to the configured back URL", () => {
    const router = renderHeader({ title: "Bank", backUrl: "/pages/my/my" });
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(router.state.location.pathname).toBe("/pages/my/my");
  });

  it("names the back button by its left text when there is one", () => {
    renderHeader({ title: "Bank", leftText: "Cancel" });
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
  });

  it("can hide the back arrow", () => {
    renderHeader({ title: "Home", showBack: false });
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("empty placeholder", () => {
  it("reads 暂无数据 in cn", async () => {
    await setupI18n("cn");
    render(<Empty />);
    expect(screen.getByText("暂无数据")).toBeTruthy();
    await setupI18n("en");
  });
});
