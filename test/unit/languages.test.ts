import { beforeEach, describe, expect, it } from "vitest";
import { languageFromBrowser } from "@/config/languages";
import { changeLanguage, detectLanguage, i18n, initI18n } from "@/lib/i18n";
import { clearSession } from "@/lib/session";

beforeEach(() => localStorage.clear());

describe("language choice", () => {
  it("maps browser languages: zh→cn, de→de, ja→jp, ko→kr, else none", () => {
    expect(languageFromBrowser(["zh-CN"])).toBe("cn");
    expect(languageFromBrowser(["zh-TW"])).toBe("cn");
    expect(languageFromBrowser(["de-AT"])).toBe("de");
    expect(languageFromBrowser(["ja"])).toBe("jp");
    expect(languageFromBrowser(["ko-KR"])).toBe("kr");
    expect(languageFromBrowser(["fr-FR", "ko"])).toBe("kr");
    expect(languageFromBrowser(["fr-FR"])).toBeNull();
  });

  it("prefers the link's lang parameter and stores it", () => {
    localStorage.setItem("lang", "de");
    expect(detectLanguage("#/pages/index/index?lang=cn", ["ja"])).toBe("cn");
    expect(localStorage.getItem("lang")).toBe("cn");
  });

  it("then the stored choice, then the browser, then en", () => {
    localStorage.setItem("lang", "kr");
    expect(detectLanguage("#/pages/my/my", ["ja"])).toBe("kr");
    localStorage.clear();
    expect(detectLanguage("#/", ["ja-JP"])).toBe("jp");
    expect(detectLanguage("#/?lang=xx", ["fr"])).toBe("en");
  });

  it("switching loads the locale, sets <html lang> and survives logout", async () => {
    await initI18n("en");
    expect(document.documentElement.lang).toBe("en");
    await changeLanguage("jp");
    expect(i18n.t("nav.home")).toBe("ホーム");
    expect(document.documentElement.lang).toBe("ja");
    clearSession();
    expect(localStorage.getItem("lang")).toBe("jp");
    await changeLanguage("en");
  });
});
