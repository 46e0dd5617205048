import { act, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { translate } from "@/lib/translate";
import { autoCleanup } from "./support/setup";
import { stubApi } from "./support/shop-render";

autoCleanup();

const texts = {
  "a.hello": "Hello {{name}}",
  "a.two": "{{x}} and {{ x }} and {{y}}",
  "a.days_one": "{{count}} day",
  "a.days_other": "{{count}} days",
  "a.total": "{{count}} in all",
};

describe("translate", () => {
  it("fills placeholders with the value as it is, blanks a value given as undefined or null, keeps a missing one", () => {
    expect(translate(texts, "en", "a.hello", { name: "<b>Ann</b>" })).toBe("Hello <b>Ann</b>");
    expect(translate(texts, "en", "a.two", { x: 1, y: undefined })).toBe("1 and 1 and ");
    expect(translate(texts, "en", "a.two", { x: null })).toBe(" and  and {{y}}");
    expect(translate(texts, "en", "a.hello")).toBe("Hello {{name}}");
  });

  it("takes the values from `replace` alone when given, so a server's params are never options", () => {
    expect(translate(texts, "en", "a.hello", { replace: { name: "Bo", count: 1 }, name: "ignored" })).toBe("Hello Bo");
    expect(translate(texts, "en", "a.days", { replace: { count: 1 } })).toBe("a.days");
  });

  it("picks the plural form of a numeric count by the language's rules, else the bare key", () => {
    expect(translate(texts, "en", "a.days", { count: 1 })).toBe("1 day");
    expect(translate(texts, "en", "a.days", { count: 3 })).toBe("3 days");
    expect(translate(texts, "de", "a.days", { count: 1 })).toBe("1 day");
    // Chinese has one form: always `_other`.
    expect(translate(texts, "zh-CN", "a.days", { count: 1 })).toBe("1 days");
    expect(translate(texts, "en", "a.total", { count: 1 })).toBe("1 in all");
    // A count given as text only fills {{count}}, as i18next did.
    expect(translate(texts, "en", "a.days", { count: "1" })).toBe("a.days");
  });

  it("reads a missing key as itself, or as the default value", () => {
    expect(translate(texts, "en", "a.nothing")).toBe("a.nothing");
    expect(translate(texts, "en", "a.nothing", { defaultValue: "Fallback {{n}}", n: 2 })).toBe("Fallback 2");
  });
});

describe("catalogues (a fresh app)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  async function freshApp(lang: "en" | "cn") {
    vi.resetModules();
    const i18n = await import("@/lib/i18n");
    await i18n.initI18n(lang);
    return i18n;
  }

  it("starts with the shop's texts only; a route's catalogue adds its own", async () => {
    const { i18n, loadCatalogues } = await freshApp("en");
    expect(i18n.t("nav.home")).toBe("Home");
    expect(i18n.exists("protocol.menu.stake")).toBe(true);
    expect(i18n.exists("lottery.tabs.label")).toBe(false);
    expect(i18n.exists("withdraw.insufficient")).toBe(false);
    await loadCatalogues(["protocol"]);
    expect(i18n.exists("lottery.tabs.label")).toBe(true);
    expect(i18n.exists("withdraw.insufficient")).toBe(false);
  });

  it("a language switch brings every catalogue in use along, then re-renders with a new t", async () => {
    const { changeLanguage, loadCatalogues, useTranslation } = await freshApp("en");
    await loadCatalogues(["protocol"]);
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
    expect(screen.getByTestId("label").textContent).toBe("cn: 首页 / 抽奖记录");
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
});
