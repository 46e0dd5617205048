import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { RegisterForm } from "@/features/register/components/register-form";
import { toast } from "@/lib/toast";
import { renderWithClient } from "../support/render-with-client";
import { autoCleanup, setupI18n } from "../support/setup";

autoCleanup();
beforeAll(async () => {
  await setupI18n("en");
});

let fetchMock: ReturnType<typeof vi.fn>;
/** What GET /user/chain/inviter answers (the form asks on opening). */
let onChain: unknown;
let registerReply: unknown;
const envelope = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: "ok", data }));
beforeEach(() => {
  localStorage.clear();
  onChain = { chain: true, bound: false, inviter: null };
  registerReply = null;
  fetchMock = vi.fn(async (url: string) => envelope(String(url).endsWith("/user/chain/inviter") ? onChain : registerReply));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());
const registerCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith("/user/register"));

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
    expect(registerCalls()).toHaveLength(0);
  });

  it("refuses two different passwords, then registers with normalised fields", async () => {
    registerReply = { address: "0x1", invitation: "NEWC2345", registered: true, inviterFromChain: false, codeOverridden: false };
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
    const [url, init] = registerCalls()[0]!;
    expect(String(url)).toMatch(/\/base\/api\/user\/register$/);
    expect(JSON.parse(init.body)).toEqual({
      invitationCode: "DEMA2345",
      email: "bob@example.com",
      code: "123456",
      fundPassword: "secret1",
    });
    const stored = JSON.parse(localStorage.getItem("userInfo")!);
    expect(stored).toMatchObject({ registered: true });
    // Only user info is kept: how the inviter was chosen belongs to this reply.
    expect(stored).not.toHaveProperty("inviterFromChain");
  });

  it("says before submitting that the chain's inviter is kept, and sends no code", async () => {
    localStorage.setItem("spread", "DEMB2345");
    onChain = {
      chain: true,
      bound: true,
      inviter: { address: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8", invitationCode: "DEMA2345" },
    };
    registerReply = {
      address: "0x1",
      invitation: "NEWC2345",
      inviter: "DEMA2345",
      registered: true,
      inviterFromChain: true,
      codeOverridden: false,
    };
    const onRegistered = vi.fn();
    renderWithClient(<RegisterForm onRegistered={onRegistered} />);
    const notice = await screen.findByTestId("register-chain-inviter");
    expect(notice.textContent).toBe(
      "This wallet is already bound on chain to the inviter DEMA2345 (0x7099…79c8). A binding on chain cannot change, so registering keeps this inviter and uses no invitation code.",
    );
    const field = screen.getByTestId("register-invitation") as HTMLInputElement;
    expect(field.value).toBe("DEMA2345");
    expect(field.disabled).toBe(true);
    expect(field.getAttribute("aria-describedby")).toBe(notice.parentElement!.id);
    fill("email", "w@example.com");
    fill("email-code", "123456");
    fill("register-password", "secret1");
    fill("register-repeat", "secret1");
    fireEvent.click(screen.getByTestId("register-submit"));
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(JSON.parse(registerCalls()[0]![1].body)).not.toHaveProperty("invitationCode");
  });

  it("says so when the wallet is in the tree on chain without an inviter", async () => {
    onChain = { chain: true, bound: true, inviter: null };
    renderWithClient(<RegisterForm onRegistered={vi.fn()} />);
    expect((await screen.findByTestId("register-chain-inviter")).textContent).toMatch(
      /^This wallet is already in the invitation tree on chain, without an inviter/,
    );
    expect((screen.getByTestId("register-invitation") as HTMLInputElement).value).toBe("");
  });

  it("tells whose team it joined when the chain overrode the code the form sent", async () => {
    const info = vi.spyOn(toast, "info");
    registerReply = {
      address: "0x1",
      invitation: "NEWC2345",
      inviter: "DEMA2345",
      registered: true,
      inviterFromChain: true,
      codeOverridden: true,
    };
    const onRegistered = vi.fn();
    renderWithClient(<RegisterForm onRegistered={onRegistered} />);
    fill("register-invitation", "DEMB2345");
    fill("email", "w@example.com");
    fill("email-code", "123456");
    fill("register-password", "secret1");
    fill("register-repeat", "secret1");
    fireEvent.click(screen.getByTestId("register-submit"));
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(info).toHaveBeenCalledWith(
      "Registered. Your wallet was already bound on chain to the inviter DEMA2345, which is kept; the invitation code you entered was not used.",
    );
  });
});
