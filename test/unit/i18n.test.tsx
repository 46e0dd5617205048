import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { act, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { localeCatalogues } from "../../scripts/lib/vite-locale-catalogues";
import { autoCleanup } from "./support/setup";
import { stubApi } from "./support/shop-render";

autoCleanup();

/** A fresh app's i18next instance in `lang` (the module holds the browser's one instance). */
async function freshApp(lang: "en" | "cn" | "de") {
  vi.resetModules();
  const i18n = await import("@/lib/i18n");
  await i18n.initI18n(lang);
  return i18n;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("the app's texts on i18next", () => {
  it("works in BCP 47 tags while URLs and storage keep the seed's codes", async () => {
    const { i18n, currentLanguage, changeLanguage } = await freshApp("cn");
    expect(i18n.language).toBe("zh-CN");
    expect(currentLanguage()).toBe("cn");
    await changeLanguage("kr");
    expect(i18n.language).toBe("ko");
    expect(currentLanguage()).toBe("kr");
    expect(localStorage.getItem("lang")).toBe("kr");
  });

  it("reads flat dotted keys, fills placeholders unescaped (React escapes), and a missing key as itself", async () => {
    const { i18n, dataKey } = await freshApp("en");
    i18n.addResource("en", "shop", "test.hello", "Hello {{name}}");
    i18n.addResource("en", "shop", "test.days_one", "{{count}} day");
    i18n.addResource("en", "shop", "test.days_other", "{{count}} days");
    expect(i18n.t(dataKey("test.hello"), { name: "<b>Ann</b>" })).toBe("Hello <b>Ann</b>");
    expect(i18n.t(dataKey("test.hello"), { replace: { name: "Bo" } })).toBe("Hello Bo");
    expect(i18n.t(dataKey("test.days"), { count: 1 })).toBe("1 day");
    expect(i18n.t(dataKey("test.days"), { count: 3 })).toBe("3 days");
    expect(i18n.t(dataKey("no.such.key"))).toBe("no.such.key");
    expect(i18n.t(dataKey("no.such.key"), { defaultValue: "Fallback {{n}}", n: 2 })).toBe("Fallback 2");
  });

  it("picks plural forms by the language's rules: Chinese has one form", async () => {
    const { i18n, dataKey } = await freshApp("cn");
    i18n.addResource("zh-CN", "shop", "test.days_other", "{{count}} 天");
    expect(i18n.t(dataKey("test.days"), { count: 1 })).toBe("1 天");
  });

  it("falls back to English for a text a language lacks: the build fills it into the language's chunk", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "locales-"));
    fs.mkdirSync(path.join(dir, "locales"));
    fs.writeFileSync(path.join(dir, "locales", "en.json"), JSON.stringify({ "nav.home": "Home", "nav.only": "Only in English" }));
    fs.writeFileSync(path.join(dir, "locales", "de.json"), JSON.stringify({ "nav.home": "Start" }));
    const plugin = localeCatalogues();
    const load = plugin.load as unknown as (this: { addWatchFile: () => void }, id: string) => string;
    const chunk = load.call({ addWatchFile: () => undefined }, path.join(dir, "locales", "de.json?catalogue=shop"));
    expect(chunk).toBe(`export default ${JSON.stringify({ "nav.home": "Start", "nav.only": "Only in English" })};`);
  });

  it("starts with the shop's texts only; a route's catalogue adds its own", async () => {
    const { i18n, loadCatalogues } = await freshApp("en");
    expect(i18n.t("nav.home")).toBe("Home");
    expect(i18n.exists("protocol.menu.stake")).toBe(true);
    expect(i18n.exists("lottery.tabs.label")).toBe(false);
    expect(i18n.exists("withdraw.insufficient")).toBe(false);
    await loadCatalogues(["protocol"]);
    expect(i18n.exists("protocol.dashboard.backingPerPex")).toBe(true);
    // The lottery keeps its texts to itself: the other protocol pages do not download them (ADR-0217).
    expect(i18n.exists("lottery.tabs.label")).toBe(false);
    await loadCatalogues(["lottery"]);
    expect(i18n.exists("lottery.tabs.label")).toBe(true);
    expect(i18n.exists("withdraw.insufficient")).toBe(false);
  });

  it("a language switch brings every catalogue in use along, then re-renders with a new t", async () => {
    const { changeLanguage, loadCatalogues } = await freshApp("en");
    await loadCatalogues(["protocol", "lottery"]);
    const tChanges = vi.fn();
    function Label() {
      const { t, i18n } = useTranslation();
      useEffect(() => tChanges(), [t]);
      return (
        <p data-testid="label">
          {i18n.language}: {t("nav.home")} / {t("lottery.tabs.label")}
        </p>
      );
    }
    render(<Label />);
    expect(screen.getByTestId("label").textContent).toBe("en: Home / Lottery records");
    await act(() => changeLanguage("cn"));
    expect(screen.getByTestId("label").textContent).toBe("zh-CN: 首页 / 抽奖记录");
    expect(tChanges).toHaveBeenCalledTimes(2);
    expect(document.documentElement.lang).toBe("zh-CN");
  });

  it("a refusal loads the catalogue of its key before it is read, in the user's language", async () => {
    const { i18n } = await freshApp("cn");
    const { api } = await import("@/lib/api-client");
    expect(i18n.exists("withdraw.belowMinimum")).toBe(false);
    stubApi({
      "POST /asset/withdraw": () =>
        new Response(
          JSON.stringify({
            code: 400,
            msg: "The minimum withdrawal is 10 USDT",
            data: null,
            key: "withdraw.belowMinimum",
            params: { minimum: "10" },
          }),
          { status: 400 },
        ),
    });
    await expect(api.post("/asset/withdraw", {})).rejects.toMatchObject({ msg: "最低提现金额为 10 USDT" });
    expect(i18n.exists("withdraw.belowMinimum")).toBe(true);
  });

  it("the API's own refusals are not in the shell's texts: one arriving on home loads them, in the user's language", async () => {
    const { i18n } = await freshApp("cn");
    const { api } = await import("@/lib/api-client");
    expect(i18n.exists("api.failed")).toBe(true);
    expect(i18n.exists("api.tooManyRequests")).toBe(false);
    stubApi({
      "GET /product/list": () =>
        new Response(
          JSON.stringify({
            code: 429,
            msg: "Too many requests, try again in 30 seconds",
            data: null,
            key: "api.tooManyRequests",
            params: { seconds: 30 },
          }),
          { status: 429 },
        ),
    });
    await expect(api.get("/product/list")).rejects.toMatchObject({ msg: "请求过于频繁，请 30 秒后再试" });
    expect(i18n.hasLoadedNamespace("refusals")).toBe(true);
    expect(i18n.hasLoadedNamespace("goods")).toBe(false);
  });
});
