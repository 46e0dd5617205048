import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { UploadedImage } from "@/components/ui/uploaded-image";
import { storageKeys } from "@/lib/session";
import { autoCleanup, setupI18n } from "../support/setup";

autoCleanup();
beforeAll(async () => {
  await setupI18n("cn");
});

const FRONT = "/base/api/uploads/0123456789abcdef0123456789abcdef.png";
const BACK = "/base/api/uploads/fedcba9876543210fedcba9876543210.png";
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const imageReply = () => new Response(new Blob([PNG], { type: "image/png" }), { status: 200 });
const refusal = (code: number) =>
  new Response(JSON.stringify({ code, msg: "no", data: null }), {
    status: code,
    headers: { "content-type": "application/json" },
  });

let fetchMock: ReturnType<typeof vi.fn>;
let created: string[];
let revoked: string[];
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(storageKeys.token, "session-token-1");
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
  created = [];
  revoked = [];
  let n = 0;
  vi.spyOn(URL, "createObjectURL").mockImplementation(() => {
    const url = `blob:test/${++n}`;
    created.push(url);
    return url;
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation((url: string) => void revoked.push(url));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A reply the test releases when it wants, to look at the loading state. */
function deferredReply() {
  let release!: (r: Response) => void;
  fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (release = resolve)));
  return (r: Response) => act(async () => release(r));
}

describe("a private uploaded image", () => {
  it("shows a placeholder, fetches the bytes with the session token, then shows them from memory", async () => {
    const release = deferredReply();
    render(<UploadedImage location={FRONT} purpose="identity" alt="身份证正面" testId="img" />);
    const placeholder = screen.getByTestId("img");
    expect(placeholder.tagName).toBe("SPAN");
    expect(placeholder.getAttribute("data-state")).toBe("loading");
    expect(placeholder.getAttribute("role")).toBe("img");
    expect(placeholder.getAttribute("aria-label")).toBe("身份证正面: 图片加载中…");
    expect(placeholder.getAttribute("data-location")).toBe(FRONT);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe(FRONT);
    expect(init.headers).toEqual({ token: "session-token-1" });
    expect(init.cache).toBe("no-store");

    await release(imageReply());
    const img = (await screen.findByRole("img", { name: "身份证正面" })) as HTMLImageElement;
    expect(img.tagName).toBe("IMG");
    expect(img.getAttribute("src")).toBe("blob:test/1");
    expect(img.getAttribute("data-state")).toBe("ready");
    expect(img.getAttribute("data-location")).toBe(FRONT);
    expect(created).toEqual(["blob:test/1"]);
  });

  it("shows the failure placeholder when the server refuses or answers something else, and keeps the session", async () => {
    for (const reply of [refusal(401), refusal(404), new Response("{}", { headers: { "content-type": "application/json" } })]) {
      fetchMock.mockResolvedValueOnce(reply);
      const view = render(<UploadedImage location={FRONT} purpose="bank" alt="银行卡" testId="img" />);
      await waitFor(() => expect(screen.getByTestId("img").getAttribute("data-state")).toBe("failed"));
      expect(screen.getByTestId("img").getAttribute("aria-label")).toBe("银行卡: 图片无法显示");
      expect(screen.getByText("图片无法显示")).toBeTruthy();
      view.unmount();
    }
    fetchMock.mockRejectedValueOnce(new TypeError("network down"));
    render(<UploadedImage location={FRONT} purpose="identity" alt="x" testId="img" />);
    await waitFor(() => expect(screen.getByTestId("img").getAttribute("data-state")).toBe("failed"));
    expect(created).toEqual([]);
    expect(localStorage.getItem(storageKeys.token)).toBe("session-token-1");
  });

  it("revokes the object URL when unmounted and when the location changes", async () => {
    fetchMock.mockImplementation(async () => imageReply());
    const view = render(<UploadedImage location={FRONT} purpose="identity" alt="a" testId="img" />);
    await waitFor(() => expect(screen.getByTestId("img").getAttribute("src")).toBe("blob:test/1"));
    view.rerender(<UploadedImage location={BACK} purpose="identity" alt="a" testId="img" />);
    expect(revoked).toEqual(["blob:test/1"]);
    await waitFor(() => expect(screen.getByTestId("img").getAttribute("src")).toBe("blob:test/2"));
    expect(screen.getByTestId("img").getAttribute("data-location")).toBe(BACK);
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([FRONT, BACK]);
    view.unmount();
    expect(revoked).toEqual(["blob:test/1", "blob:test/2"]);
  });

  it("cancels the fetch when unmounted before the reply, and keeps no bytes", async () => {
    const release = deferredReply();
    const view = render(<UploadedImage location={FRONT} purpose="identity" alt="a" />);
    const signal = (fetchMock.mock.calls[0]![1] as RequestInit).signal!;
    view.unmount();
    expect(signal.aborted).toBe(true);
    await release(imageReply());
    expect(created).toEqual([]);
  });
});

describe("a public uploaded image (avatar)", () => {
  it("is a plain image of its location, fetched by the browser without the session", () => {
    render(<UploadedImage location={FRONT} purpose="avatar" alt="头像" testId="img" />);
    const img = screen.getByTestId("img");
    expect(img.tagName).toBe("IMG");
    expect(img.getAttribute("src")).toBe(FRONT);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
