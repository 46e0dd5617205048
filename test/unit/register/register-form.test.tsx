import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { RegisterForm } from "@/features/register/components/register-form";
import { renderWithClient } from "../support/render-with-client";
import { autoCleanup, setupI18n } from "../support/setup";

autoCleanup();
beforeAll(async () => {
  await setupI18n("en");
});

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe("registration form", () => {
  it("pre-fills the invitation code from the spread key", () => {
    localStorage.setItem("spread", "DEMA2345");
    renderWithClient(<RegisterForm onRegistered={vi.fn()} />);
    expect((screen.getByTestId("register-invitation") as HTMLInputElement).value).toBe("DEMA2345");
  });

  it("checks the fields before calling the API", () => {
    renderWithClient(<RegisterForm onRegistered={vi.fn()} />);
    fill("register-invitation", "bad");
    fill("email", "not-an-email");
    fill("email-code", "12");
    fill("register-password", "12345");
    fireEvent.click(screen.getByTestId("register-submit"));
    expect(screen.getByText("An invitation code has 8 letters and digits.")).toBeTruthy();
    expect(screen.getByText("Enter a valid email address.")).toBeTruthy();
    expect(screen.getByText("Enter the 6-digit code.")).toBeTruthy();
    expect(screen.getAllByText("6 to 32 letters, digits or symbols, no spaces.").length).toBeGreaterThan(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses two different passwords, then registers with normalised fields", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: 0, msg: "ok", data: { address: "0x1", invitation: "NEWC2345", registered: true } })),
    );
    const onRegistered = vi.fn();
    renderWithClient(<RegisterForm onRegistered={onRegistered} />);
    fill("register-invitation", " dema2345 ");
    fill("email", " Bob@Example.com ");
    fill("email-code", "123456");
    fill("register-password", "secret1");
    fill("register-repeat", "secret2");
    fireEvent.click(screen.getByTestId("register-submit"));
    expect(screen.getByText("The two passwords differ.")).toBeTruthy();
    fill("register-repeat", "secret1");
    fireEvent.click(screen.getByTestId("register-submit"));
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/base\/api\/user\/register$/);
    expect(JSON.parse(init.body)).toEqual({
      invitationCode: "DEMA2345",
      email: "bob@example.com",
      code: "123456",
      fundPassword: "secret1",
    });
    expect(JSON.parse(localStorage.getItem("userInfo")!)).toMatchObject({ registered: true });
  });
});
