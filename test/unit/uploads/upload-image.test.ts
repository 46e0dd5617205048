import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { storageKeys } from "@/lib/session";
import { fetchPrivateImage, uploadImage } from "@/lib/upload-image";
import { setupI18n } from "../support/setup";

beforeAll(async () => {
  await setupI18n("en");
});
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(storageKeys.token, "session-token-1");
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("uploadImage", () => {
  it("sends the purpose with the file and the user, under the session token", async () => {
    const location = "/base/api/uploads/0123456789abcdef0123456789abcdef.png";
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 0, msg: "success", data: location })));
    const file = new File([new Uint8Array([0x89, 0x50])], "front.png", { type: "image/png" });
    expect(await uploadImage(file, "0xabc", "identity")).toBe(location);
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe("/base/api/user//upload");
    expect((init.headers as Record<string, string>).token).toBe("session-token-1");
    const form = init.body as FormData;
    expect(form.get("purpose")).toBe("identity");
    expect(form.get("user")).toBe("0xabc");
    expect((form.get("file") as File).name).toBe("front.png");
  });
});

describe("fetchPrivateImage", () => {
  it("answers the image's bytes, and refuses a refusal or a reply that is not an image", async () => {
    fetchMock.mockResolvedValueOnce(new Response(new Blob([new Uint8Array([1, 2, 3])], { type: "image/webp" })));
    const blob = await fetchPrivateImage("/base/api/uploads/x.webp");
    expect(blob.type).toBe("image/webp");
    expect(blob.size).toBe(3);
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 404 }), { status: 404 }));
    await expect(fetchPrivateImage("/base/api/uploads/x.webp")).rejects.toMatchObject({ code: 404 });
    fetchMock.mockResolvedValueOnce(new Response("<html>", { headers: { "content-type": "text/html" } }));
    await expect(fetchPrivateImage("/base/api/uploads/x.webp")).rejects.toMatchObject({ kind: "malformed" });
  });
});
