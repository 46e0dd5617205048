import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { FindPasswordForm } from "@/features/find-password/components/find-password-form";
import { getToast } from "@/lib/toast";
import { renderWithClient } from "../support/render-with-client";
import { autoCleanup, setupI18n, stubFetch } from "../support/setup";

autoCleanup();
beforeAll(async () => {
  await setupI18n("en");
});

const fetchMock = stubFetch();

const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe("find-password form", () => {
  it("checks the fields before calling the API", () => {
    renderWithClient(<FindPasswordForm onDone={vi.fn()} />);
    fill("email", "not-an-email");
    fill("email-code", "12");
    fill("find-password", "123456");
    fill("find-repeat", "654321");
    fireEvent.click(screen.getByTestId("find-submit"));
    expect(screen.getByText("Enter a valid email address.")).toBeTruthy();
    expect(screen.getByText("Enter the 6-digit code.")).toBeTruthy();
    expect(screen.getByText("The two passwords differ.")).toBeTruthy();
    fill("find-password", "12 34");
    fireEvent.click(screen.getByTestId("find-submit"));
    expect(screen.queryByText("The two passwords differ.")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("resets with the normalised email, the code and the new password", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 0, msg: "ok", data: null })));
    const onDone = vi.fn();
    renderWithClient(<FindPasswordForm onDone={onDone} />);
    fill("email", " Carol@Example.com ");
    fill("email-code", "123456");
    fill("find-password", "abc123");
    fill("find-repeat", "abc123");
    fireEvent.click(screen.getByTestId("find-submit"));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/base\/api\/home\/forget$/);
    expect(JSON.parse(init.body)).toEqual({ email: "carol@example.com", code: "123456", fundPassword: "abc123" });
    expect(getToast()?.text).toBe("Fund password changed");
  });
});
