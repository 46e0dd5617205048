import { screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AppVersion } from "@/features/user/components/app-version";
import { downloadLinks } from "@/features/user/utils/download-links";
import { renderWithClient } from "../support/render-with-client";
import { autoCleanup, setupI18n } from "../support/setup";

autoCleanup();
beforeAll(async () => {
  await setupI18n("en");
});
afterEach(() => vi.unstubAllGlobals());

function serve(data: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: "ok", data })));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("the my page's version and downloads (user/download)", () => {
  it("shows the versions and the configured links", async () => {
    const fetchMock = serve({
      appVersion: "1.2.3",
      clientVersion: 5,
      androidUrl: "https://example.com/pex.apk",
      iosUrl: "https://apps.example.com/pex",
    });
    renderWithClient(<AppVersion />);
    expect((await screen.findByTestId("app-version")).textContent).toBe("Version 1.2.3 (client 5)");
    const android = screen.getByTestId("download-android") as HTMLAnchorElement;
    expect(android.href).toBe("https://example.com/pex.apk");
    expect(android.textContent).toBe("Download for Android");
    expect(android.rel).toBe("noopener noreferrer");
    expect((screen.getByTestId("download-ios") as HTMLAnchorElement).href).toBe("https://apps.example.com/pex");
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/base\/api\/user\/download$/);
    expect(init.method).toBe("POST");
  });

  it("says there is nothing to download when no link is configured", async () => {
    serve({ appVersion: "1.0.0", clientVersion: 5, androidUrl: null, iosUrl: null });
    renderWithClient(<AppVersion />);
    expect((await screen.findByTestId("app-version")).textContent).toBe("Version 1.0.0 (client 5)");
    expect(screen.getByTestId("download-none").textContent).toBe("No app to download yet: this web app is the app.");
    expect(screen.queryByTestId("download-android")).toBeNull();
  });

  it("opens http(s) links only", () => {
    expect(downloadLinks({ androidUrl: "javascript:alert(1)", iosUrl: "http://example.com/ios" })).toEqual([
      { platform: "ios", href: "http://example.com/ios" },
    ]);
    expect(downloadLinks({ androidUrl: "data:text/html,x", iosUrl: null })).toEqual([]);
  });
});
