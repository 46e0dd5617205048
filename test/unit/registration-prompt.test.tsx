import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Outlet, RouterProvider, createMemoryRouter } from "react-router";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { RegistrationBanner } from "@/components/registration-banner";
import { RegistrationPromptProvider, useRequireRegistration } from "@/components/registration-prompt";
import { REGISTRATION_PAGES, isRegistrationPage, paths } from "@/config/paths";
import { MyEntries } from "@/features/user/components/my-entries";
import { autoCleanup, setupI18n } from "./support/setup";

autoCleanup();

beforeAll(async () => {
  await setupI18n("en");
});
beforeEach(() => localStorage.clear());

function signIn(registered: boolean | undefined) {
  localStorage.setItem("token", "t");
  localStorage.setItem("userInfo", JSON.stringify({ address: "0xabc", ...(registered === undefined ? {} : { registered }) }));
}

const bought = vi.fn();

function BuyButton() {
  const requireRegistration = useRequireRegistration();
  return (
    <button type="button" onClick={() => requireRegistration() && bought()}>
      Buy
    </button>
  );
}

function renderAt(path: string, element = <BuyButton />) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <RegistrationPromptProvider>
            <Outlet />
          </RegistrationPromptProvider>
        ),
        children: [
          { path: path.split("?")[0], element },
          { path: "*", element: <p data-testid="elsewhere" /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("registration guard", () => {
  beforeEach(() => bought.mockReset());

  it("lets a registered account act at once", () => {
    signIn(true);
    renderAt("/pages/goods-detail/goods-detail?id=3");
    fireEvent.click(screen.getByRole("button", { name: "Buy" }));
    expect(bought).toHaveBeenCalledOnce();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("counts a stored copy without the flag as registered (the server still checks)", () => {
    signIn(undefined);
    renderAt("/pages/goods-detail/goods-detail?id=3");
    fireEvent.click(screen.getByRole("button", { name: "Buy" }));
    expect(bought).toHaveBeenCalledOnce();
  });

  it("asks an address that has not registered, leads to registration and remembers the page", async () => {
    signIn(false);
    const router = renderAt("/pages/goods-detail/goods-detail?id=3");
    fireEvent.click(screen.getByRole("button", { name: "Buy" }));
    expect(bought).not.toHaveBeenCalled();
    const dialog = await screen.findByRole("dialog", { name: "Registration needed" });
    expect(dialog.textContent).toContain("This needs a registered account.");
    fireEvent.click(screen.getByRole("button", { name: "Register now" }));
    expect(router.state.location.pathname).toBe(paths.login);
    expect(localStorage.getItem("redirect")).toBe("/pages/goods-detail/goods-detail?id=3");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes on Not now, changing nothing", async () => {
    signIn(false);
    const router = renderAt("/pages/assets/assets");
    fireEvent.click(screen.getByRole("button", { name: "Buy" }));
    fireEvent.click(await screen.findByRole("button", { name: "Not now" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(router.state.location.pathname).toBe("/pages/assets/assets");
    expect(localStorage.getItem("redirect")).toBeNull();
  });

  it("needs the provider", () => {
    expect(() => render(<BuyButton />)).toThrow(/RegistrationPromptProvider/);
  });
});

describe("my page", () => {
  it("the identity, bank and address entries ask first and lead to their page after registering", async () => {
    signIn(false);
    const router = renderAt(paths.my, <MyEntries onShare={() => undefined} />);
    fireEvent.click(screen.getByTestId("entry-bank"));
    expect(router.state.location.pathname).toBe(paths.my);
    fireEvent.click(await screen.findByRole("button", { name: "Register now" }));
    expect(localStorage.getItem("redirect")).toBe(paths.bank);
    expect(router.state.location.pathname).toBe(paths.login);
  });

  it("the other entries open at once", () => {
    signIn(false);
    const router = renderAt(paths.my, <MyEntries onShare={() => undefined} />);
    fireEvent.click(screen.getByTestId("entry-team"));
    expect(router.state.location.pathname).toBe(paths.team);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the complete-registration banner only until registered", () => {
    signIn(false);
    const router = renderAt(paths.my, <RegistrationBanner registered={false} />);
    fireEvent.click(screen.getByRole("button", { name: "Complete registration" }));
    expect(router.state.location.pathname).toBe(paths.login);
    expect(localStorage.getItem("redirect")).toBe(paths.my);
    for (const registered of [true, undefined]) {
      const { container } = render(
        <MemoryRouter>
          <RegistrationBanner registered={registered} />
        </MemoryRouter>,
      );
      expect(container.innerHTML).toBe("");
    }
  });
});

describe("pages of actions that need registration", () => {
  // Their guard: test/unit/route-guard.test.tsx.
  it("are recharge, identity, bank and the address pages", () => {
    expect([...REGISTRATION_PAGES].sort()).toEqual(
      [paths.recharge, paths.nameAuthentication, paths.bank, paths.address, paths.addressAdd].sort(),
    );
    expect(isRegistrationPage(`${paths.addressAdd}?id=2`)).toBe(true);
    expect(isRegistrationPage(paths.team)).toBe(false);
  });
});
