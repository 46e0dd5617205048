import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { HashRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { AppRoutes, preloadRoute } from "@/app/router";
import { autoCleanup, setupI18n } from "./support/setup";
import { testQueryClient } from "./support/shop-render";

autoCleanup();
beforeAll(async () => {
  await setupI18n("en");
});

describe("the first render of a visit", () => {
  it("shows the page at once when its code was loaded before, with no fallback in between", async () => {
    window.location.hash = "#/pages/no/such/page";
    await preloadRoute(window.location.hash);
    // render() returns once React committed the first render (it flushes it in act).
    const view = render(
      <QueryClientProvider client={testQueryClient()}>
        <HashRouter>
          <AppRoutes />
        </HashRouter>
      </QueryClientProvider>,
    );
    // A lazy page would show the spinner first, and React keeps a fallback for at least 300 ms.
    expect(view.container.querySelector(".page-spinner")).toBeNull();
    expect(view.getByRole("link", { name: /home/i })).toBeTruthy();
  });
});
