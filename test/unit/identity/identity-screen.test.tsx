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
  localStorage.setItem("token", "session-token-1");
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
  let n = 0;
  vi.spyOn(URL, "createObjectURL").mockImplementation(() => `blob:test/${++n}`);
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});
/** auth/info answers `data`; the two private images answer their bytes, or `images` refusals. */
const answer = (data: unknown, images: "ok" | "refused" = "ok") =>
  fetchMock.mockImplementation(async (url: string) => {
    if (!url.startsWith("/base/api/uploads/")) return new Response(JSON.stringify({ code: 0, msg: "ok", data }));
    if (images === "refused")
      return new Response(JSON.stringify({ code: 404, msg: "No such image", data: null }), { status: 404 });
    return new Response(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" }));
  });

describe("identity screen", () => {
  it("shows a pending application with its masked number and the two uploaded images, fetched with the session", async () => {
    answer(application("pending"));
    renderWithClient(<IdentityScreen user="0x1" />);
    await waitFor(() => expect(screen.getByTestId("identity-front-image").getAttribute("data-state")).toBe("ready"));
    await waitFor(() => expect(screen.getByTestId("identity-back-image").getAttribute("data-state")).toBe("ready"));
    const front = screen.getByTestId("identity-front-image");
    const back = screen.getByTestId("identity-back-image");
    expect(front.tagName).toBe("IMG");
    expect(front.getAttribute("src")).toMatch(/^blob:test\/\d$/);
    expect(back.getAttribute("src")).toMatch(/^blob:test\/\d$/);
    expect(front.getAttribute("data-location")).toBe(FRONT);
    expect(back.getAttribute("data-location")).toBe(BACK);
    expect(screen.getByAltText("已上传的身份证正面照片")).toBe(front);
    expect(screen.getByAltText("已上传的身份证反面照片")).toBe(back);
    const imageCalls = fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/base/api/uploads/"));
    expect(imageCalls.map(([url]) => url).sort()).toEqual([FRONT, BACK].sort());
    for (const [, init] of imageCalls) expect((init as RequestInit).headers).toEqual({ token: "session-token-1" });
    expect(screen.getByTestId("application-status").getAttribute("data-status")).toBe("pending");
    expect(screen.getByText("1101**********002X")).toBeTruthy();
    expect(screen.queryByTestId("identity-submit")).toBeNull();
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/base\/api\/user\/auth\/info$/);
  });

  it("shows placeholders in place of images the server refuses", async () => {
    answer(application("approved"), "refused");
    renderWithClient(<IdentityScreen user="0x1" />);
    await waitFor(() => expect(screen.getByTestId("identity-front-image").getAttribute("data-state")).toBe("failed"));
    await waitFor(() => expect(screen.getByTestId("identity-back-image").getAttribute("data-state")).toBe("failed"));
    expect(screen.getByRole("img", { name: "已上传的身份证正面照片: 图片无法显示" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "已上传的身份证反面照片: 图片无法显示" })).toBeTruthy();
    expect(screen.getByTestId("application-status").getAttribute("data-status")).toBe("approved");
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
