import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { IdentityScreen } from "@/features/identity/components/identity-screen";
import { renderWithClient } from "../support/render-with-client";
import { autoCleanup, setupI18n } from "../support/setup";

autoCleanup();
beforeAll(async () => {
  await setupI18n("cn");
});

const FRONT = "/base/api/uploads/0123456789abcdef0123456789abcdef.png";
const BACK = "/base/api/uploads/fedcba9876543210fedcba9876543210.webp";
const application = (status: string, reason: string | null = null) => ({
  id: 7,
  realName: "张三",
  idNumber: "1101**********002X",
  frontImage: FRONT,
  backImage: BACK,
  status,
  reason,
  createdAt: Date.UTC(2025, 2, 1),
  reviewedAt: null,
});

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());
const answer = (data: unknown) => fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 0, msg: "ok", data })));

describe("identity screen", () => {
  it("shows a pending application with its masked number and the two uploaded images", async () => {
    answer(application("pending"));
    renderWithClient(<IdentityScreen user="0x1" />);
    const front = (await screen.findByTestId("identity-front-image")) as HTMLImageElement;
    const back = screen.getByTestId("identity-back-image") as HTMLImageElement;
    expect(front.getAttribute("src")).toBe(FRONT);
    expect(back.getAttribute("src")).toBe(BACK);
    expect(screen.getByAltText("已上传的身份证正面照片")).toBe(front);
    expect(screen.getByAltText("已上传的身份证反面照片")).toBe(back);
    expect(screen.getByTestId("application-status").getAttribute("data-status")).toBe("pending");
    expect(screen.getByText("1101**********002X")).toBeTruthy();
    expect(screen.queryByTestId("identity-submit")).toBeNull();
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/base\/api\/user\/auth\/info$/);
  });

  it("shows the reason and the form again after a rejection, and the form alone when there is no application", async () => {
    answer(application("rejected", "照片不清晰"));
    const first = renderWithClient(<IdentityScreen user="0x1" />);
    await waitFor(() => expect(screen.getByTestId("application-reason").textContent).toContain("照片不清晰"));
    expect(screen.getByTestId("identity-submit")).toBeTruthy();
    expect(screen.queryByTestId("identity-front-image")).toBeNull();
    first.unmount();

    answer(null);
    renderWithClient(<IdentityScreen user="0x1" />);
    await screen.findByTestId("identity-submit");
    expect(screen.queryByTestId("application-status")).toBeNull();
  });
});
