import { fireEvent, render, screen, waitFor } from "@testing-library/react";
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

  it("goes back to the previous in-app page when asked to, else to the back URL", async () => {
    const router = createMemoryRouter(
      [
        { path: "/pages/protocol/stake", element: <HeaderBar title="Stake" backUrl="/pages/alloy/index" backToPrevious /> },
        { path: "*", element: <p data-testid="landed" /> },
      ],
      { initialEntries: ["/pages/index/index", "/pages/protocol/stake"], initialIndex: 1 },
    );
    render(<RouterProvider router={router} />);
    // React Router's browser and hash histories number their entries in history.state.idx.
    window.history.replaceState({ idx: 1 }, "");
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/pages/index/index"));

    // Opened on the protocol page itself: nothing of ours before it, so the zone tab.
    await router.navigate("/pages/protocol/stake", { replace: true });
    window.history.replaceState({ idx: 0 }, "");
    fireEvent.click(await screen.findByRole("button", { name: "Back" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/pages/alloy/index"));
    window.history.replaceState(null, "");
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
