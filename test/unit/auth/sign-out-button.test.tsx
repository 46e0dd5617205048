import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SignOutButton } from "@/features/auth/components/sign-out-button";
import { autoCleanup, setupI18n } from "../support/setup";

autoCleanup();
beforeAll(async () => {
  await setupI18n("en");
});

/** The server's answer to user/logout, held until the test lets it go. */
let answer: (response: Response) => void;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.setItem("token", "session-token-1");
  window.location.hash = "#/pages/my/my";
  fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("sign-out button", () => {
  it("says it is signing out, and cannot be tapped again, until the server has answered; then the session ends", async () => {
    render(<SignOutButton />);
    fireEvent.click(screen.getByTestId("sign-out"));
    await waitFor(() => expect(screen.getByTestId("sign-out").textContent).toBe("Signing out…"));
    expect(screen.getByTestId("sign-out")).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByTestId("sign-out"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/user\/logout$/);
    expect(localStorage.getItem("token")).toBe("session-token-1");

    answer(new Response(JSON.stringify({ code: 0, msg: "ok", data: null })));
    await waitFor(() => expect(window.location.hash).toBe("#/pages/login/login"));
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("ends the session on this device even when the server refuses", async () => {
    render(<SignOutButton />);
    fireEvent.click(screen.getByTestId("sign-out"));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    answer(new Response(JSON.stringify({ code: 401, msg: "auth.expired", data: null }), { status: 401 }));
    await waitFor(() => expect(window.location.hash).toBe("#/pages/login/login"));
    expect(localStorage.getItem("token")).toBeNull();
  });
});
