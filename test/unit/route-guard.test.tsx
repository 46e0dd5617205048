import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LoginPageGuard, RequireAuth, RequireRegistration } from "@/app/route-guards";
import { REGISTRATION_PAGES, paths } from "@/config/paths";
import { saveLogin } from "@/lib/session";
import { autoCleanup, setupI18n } from "./support/setup";
import { envelope, stubApi } from "./support/shop-render";

autoCleanup();
beforeAll(async () => {
  await setupI18n("en");
});
beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

function signIn(registered: boolean) {
  localStorage.setItem("token", "t");
  localStorage.setItem("address", "0xabc");
  localStorage.setItem("userInfo", JSON.stringify({ address: "0xabc", registered }));
}

const shown = (path: string) => <p data-testid="page">{path}</p>;

/** The app's guards around pages that only say where they are. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { element: <RequireAuth />, children: [{ path: paths.my, element: shown(paths.my) }] },
      {
        element: <RequireAuth />,
        children: [
          { element: <RequireRegistration />, children: REGISTRATION_PAGES.map((p) => ({ path: p, element: shown(p) })) },
        ],
      },
      { element: <LoginPageGuard />, children: [{ path: paths.login, element: shown(paths.login) }] },
      { path: "*", element: shown("elsewhere") },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function pageShown(router: ReturnType<typeof renderAt>, path: string) {
  await waitFor(() => expect(screen.getByTestId("page").textContent).toBe(path));
  expect(router.state.location.pathname).toBe(path);
}

describe("protected pages", () => {
  it("send a signed-out visitor to login, in place of the page, and remember the page", async () => {
    const router = renderAt("/pages/my/my?tab=2");
    await pageShown(router, paths.login);
    expect(router.state.historyAction).toBe("REPLACE");
    expect(localStorage.getItem("redirect")).toBe("/pages/my/my?tab=2");
  });

  it("let a signed-in visitor through", async () => {
    signIn(true);
    const router = renderAt(paths.my);
    await pageShown(router, paths.my);
    expect(localStorage.getItem("redirect")).toBeNull();
  });
});

describe("the login page", () => {
  it("shows to a signed-out visitor without asking the server", async () => {
    const api = stubApi({});
    const router = renderAt(paths.login);
    await pageShown(router, paths.login);
    expect(api).not.toHaveBeenCalled();
  });

  it("sends a signed-in registered visitor to the my page, or to the page it was sent from (once)", async () => {
    signIn(true);
    let router = renderAt(paths.login);
    await pageShown(router, paths.my);
    localStorage.setItem("redirect", paths.bank);
    cleanup();
    router = renderAt(paths.login);
    await pageShown(router, paths.bank);
    expect(localStorage.getItem("redirect")).toBeNull();
  });

  it("shows to a signed-in address the server still knows as unregistered (the form is there)", async () => {
    signIn(false);
    stubApi({ "GET /user/info": () => envelope({ address: "0xabc", registered: false }) });
    const router = renderAt(paths.login);
    await pageShown(router, paths.login);
  });

  it("decides once per visit: signing in on the page leaves the page to the sign-in flow", async () => {
    const router = renderAt(paths.login);
    await pageShown(router, paths.login);
    act(() => saveLogin({ token: "t", address: "0xabc", userInfo: { address: "0xabc", registered: true } as never }));
    await act(() => router.navigate(`${paths.login}?lang=en`, { replace: true }).then(() => undefined));
    // A new visit of the same page asks again.
    await pageShown(router, paths.my);
  });
});

describe("pages of actions that need registration", () => {
  it("send an address that has not registered to the form, and back afterwards", async () => {
    for (const page of REGISTRATION_PAGES) {
      localStorage.clear();
      signIn(false);
      const api = stubApi({ "GET /user/info": () => envelope({ address: "0xabc", registered: false }) });
      const router = renderAt(`${page}?x=1`);
      await pageShown(router, paths.login);
      expect(localStorage.getItem("redirect")).toBe(`${page}?x=1`);
      // The page's guard asks, then the login page's own guard (a signed-in visitor) asks again.
      expect(api).toHaveBeenCalledTimes(2);
      cleanup();
    }
  });

  it("ask the server before sending anyone away: a stale stored copy does not block a registered address", async () => {
    signIn(false);
    stubApi({ "GET /user/info": () => envelope({ address: "0xabc", registered: true }) });
    const router = renderAt(paths.bank);
    await pageShown(router, paths.bank);
    expect(JSON.parse(localStorage.getItem("userInfo")!).registered).toBe(true);
    expect(localStorage.getItem("redirect")).toBeNull();
  });

  it("let a registered account through without a call, and send a signed-out visitor to login", async () => {
    const api = stubApi({});
    signIn(true);
    let router = renderAt(paths.bank);
    await pageShown(router, paths.bank);
    cleanup();
    localStorage.clear();
    router = renderAt(paths.bank);
    await pageShown(router, paths.login);
    expect(localStorage.getItem("redirect")).toBe(paths.bank);
    expect(api).not.toHaveBeenCalled();
  });
});
