import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, REQUEST_TIMEOUT_MS, api } from "@/lib/api-client";
import { storageKeys } from "@/lib/session";
import { dismissToast, getToast } from "@/lib/toast";
import { setupI18n } from "./support/setup";

function reply(body: unknown, status = 200) {
  return new Response(typeof body === "string" ? body : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  await setupI18n("en");
});

beforeEach(() => {
  localStorage.clear();
  dismissToast();
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  window.location.hash = "#/pages/my/my";
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("api client", () => {
  it("sends JSON with the token header to /base/api and resolves data on code 0", async () => {
    localStorage.setItem(storageKeys.token, "tok-123");
    fetchMock.mockResolvedValue(reply({ code: 0, msg: "success", data: { nonce: "abc" } }));
    await expect(api.post("/user/login", { a: 1 })).resolves.toEqual({ nonce: "abc" });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/base/api/user/login");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string>).token).toBe("tok-123");
    expect((init?.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
    expect(getToast()).toBeNull();
  });

  it("asks in the user's language, so a refusal's msg comes in it (ADR-0196)", async () => {
    fetchMock.mockImplementation(() => Promise.resolve(reply({ code: 0, msg: "success", data: null })));
    await setupI18n("cn");
    await api.get("/user/nonce");
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>)["Accept-Language"]).toBe("zh-CN");
    await setupI18n("en");
    await api.get("/user/nonce");
    expect((fetchMock.mock.calls[1]![1]?.headers as Record<string, string>)["Accept-Language"]).toBe("en");
  });

  it("sends no token header when signed out", async () => {
    fetchMock.mockResolvedValue(reply({ code: 0, msg: "success", data: null }));
    await api.get("/user/nonce");
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>).token).toBeUndefined();
  });

  it("on 401 outside a query page: toasts 请重新登录!-key text, logs out, keeps redirect, rejects", async () => {
    await setupI18n("cn");
    localStorage.setItem(storageKeys.token, "expired");
    localStorage.setItem(storageKeys.address, "0xabc");
    localStorage.setItem(storageKeys.spread, "INVITER1");
    window.location.hash = "#/pages/my/my?x=1";
    fetchMock.mockResolvedValue(reply({ code: 401, msg: "Session expired", data: null }, 401));
    const error = await api.get("/user/info").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(401);
    expect(getToast()).toMatchObject({ type: "error", text: "请重新登录!" });
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.address)).toBeNull();
    expect(localStorage.getItem(storageKeys.spread)).toBe("INVITER1");
    expect(localStorage.getItem(storageKeys.redirect)).toBe("/pages/my/my?x=1");
    expect(window.location.hash).toBe("#/pages/login/login");
    await setupI18n("en");
  });

  // The server authenticates before it validates a body (issue 12), so a stale session gets 401
  // even from a call whose body is bad, and that 401 must sign the user out like any other.
  it.each([
    ["/home/order", { productId: "not-a-number", payType: 7 }],
    ["/asset/withdraw", { amount: -1 }],
  ])("on 401 from POST %s with a body the server would refuse: logs out to the login page", async (path, body) => {
    localStorage.setItem(storageKeys.token, "expired");
    localStorage.setItem(storageKeys.address, "0xabc");
    window.location.hash = "#/pages/assets/assets";
    fetchMock.mockResolvedValue(reply({ code: 401, msg: "Please sign in again", data: null }, 401));
    await expect(api.post(path, body)).rejects.toMatchObject({ code: 401 });
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual(body);
    expect(getToast()).toMatchObject({ type: "error", text: "Please sign in again!" });
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.address)).toBeNull();
    expect(localStorage.getItem(storageKeys.redirect)).toBe("/pages/assets/assets");
    expect(window.location.hash).toBe("#/pages/login/login");
  });

  it("on 401 on a query page: rejects without toast or logout", async () => {
    localStorage.setItem(storageKeys.token, "expired");
    window.location.hash = "#/pages/index/index";
    fetchMock.mockResolvedValue(reply({ code: 401, msg: "Session expired", data: null }, 401));
    await expect(api.get("/user/info")).rejects.toMatchObject({ code: 401 });
    expect(getToast()).toBeNull();
    expect(localStorage.getItem(storageKeys.token)).toBe("expired");
    expect(window.location.hash).toBe("#/pages/index/index");
  });

  it.each([501, 502])("on %i: rejects silently", async (code) => {
    fetchMock.mockResolvedValue(reply({ code, msg: "upstream", data: null }, 200));
    await expect(api.get("/home/product/list")).rejects.toMatchObject({ code, msg: "upstream" });
    expect(getToast()).toBeNull();
  });

  it("on any other code: toasts the server's msg as an error and rejects (non-2xx status included)", async () => {
    fetchMock.mockResolvedValue(reply({ code: 409, msg: "Address already bound", data: null }, 409));
    await expect(api.post("/user/edit", {})).rejects.toMatchObject({ code: 409, msg: "Address already bound" });
    expect(getToast()).toMatchObject({ type: "error", text: "Address already bound" });
  });

  describe("a refusal with a key (issue 13, item 4)", () => {
    afterEach(async () => {
      await setupI18n("en");
    });

    it("shows the key's text in the user's language, not the server's English msg, and keeps key and params", async () => {
      await setupI18n("cn");
      fetchMock.mockResolvedValue(reply({ code: 400, msg: "Wrong fund password", data: null, key: "fundPassword.wrong" }, 400));
      const error = (await api.post("/asset/withdraw", {}).catch((e: unknown) => e)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code: 400, msg: "资金密码错误", key: "fundPassword.wrong", params: undefined });
      expect(getToast()).toMatchObject({ type: "error", text: "资金密码错误" });
    });

    it("fills in the params, which cannot act as options", async () => {
      await setupI18n("cn");
      fetchMock.mockResolvedValue(
        reply({
          code: 400,
          msg: "The minimum withdrawal is 10 USDT",
          data: null,
          key: "withdraw.belowMinimum",
          params: { minimum: "10", lng: "en", ignored: { nested: true } },
        }),
      );
      await expect(api.post("/asset/withdraw", {})).rejects.toMatchObject({
        msg: "最低提现金额为 10 USDT",
        params: { minimum: "10", lng: "en" },
      });
      expect(getToast()?.text).toBe("最低提现金额为 10 USDT");
    });

    it("uses the specification's Chinese where it has one", async () => {
      await setupI18n("cn");
      fetchMock.mockResolvedValue(
        reply({ code: 409, msg: "Not enough withdrawable USDT!", data: null, key: "withdraw.insufficient" }, 409),
      );
      await expect(api.post("/asset/transfer", {})).rejects.toMatchObject({ msg: "可用USDT提现余额不足!" });
    });

    it("falls back to msg for a key this build does not know", async () => {
      fetchMock.mockResolvedValue(reply({ code: 409, msg: "Something new", data: null, key: "future.refusal" }, 409));
      await expect(api.post("/asset/transfer", {})).rejects.toMatchObject({ msg: "Something new", key: "future.refusal" });
      expect(getToast()?.text).toBe("Something new");
    });
  });

  it("on network failure: rejects and logs, without a toast", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(api.get("/user/info")).rejects.toMatchObject({ kind: "network" });
    expect(log).toHaveBeenCalled();
    expect(getToast()).toBeNull();
  });

  it("on a reply that is not JSON: rejects and logs", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(api.get("/user/info")).rejects.toMatchObject({ kind: "malformed", code: 502 });
    expect(log).toHaveBeenCalled();
  });

  it("aborts after 60 s", async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
    vi.useFakeTimers();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const pending = api.get("/user/info").catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(fetchMock.mock.calls[0]![1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ kind: "timeout" });
  });
});
