import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LANGUAGES } from "@/config/languages";
import { changeLanguage, initI18n } from "@/lib/i18n";
import { mountOfflineNotice } from "@/lib/service-worker/offline-notice";
import { OFFLINE_TEXTS } from "@/lib/service-worker/offline-texts";
import { offlinePageHtml } from "@/service-worker/offline-page";
import { setupI18n } from "../support/setup";

/** A window whose connection the test switches, with the events the browser fires. */
function fakeWindow(onLine: boolean) {
  const target = new EventTarget();
  const navigator = { onLine };
  const win = Object.assign(target, { navigator }) as unknown as Window;
  return {
    win,
    set(next: boolean) {
      navigator.onLine = next;
      target.dispatchEvent(new Event(next ? "online" : "offline"));
    },
  };
}

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

describe("the offline notice", () => {
  it("is an empty live region while online, and says so in the user's language once offline, until back online", () => {
    const net = fakeWindow(true);
    unmount = mountOfflineNotice({ win: net.win, language: () => "de" });
    const notice = document.querySelector<HTMLElement>('[data-testid="offline-notice"]')!;
    expect(notice.getAttribute("role")).toBe("status");
    expect(notice.textContent).toBe("");
    net.set(false);
    expect(notice.textContent).toBe(`${OFFLINE_TEXTS.de.title} ${OFFLINE_TEXTS.de.body}`);
    expect(notice.lang).toBe("de");
    net.set(true);
    expect(notice.textContent).toBe("");
  });

  it("has its text in all five languages, with each language's tag", () => {
    for (const lang of LANGUAGES) {
      const net = fakeWindow(false);
      const remove = mountOfflineNotice({ win: net.win, language: () => lang });
      const notice = document.querySelector<HTMLElement>('[data-testid="offline-notice"]')!;
      expect(OFFLINE_TEXTS[lang].title.length).toBeGreaterThan(3);
      expect(notice.textContent).toContain(OFFLINE_TEXTS[lang].body);
      expect(notice.lang).toBe({ en: "en", cn: "zh-CN", de: "de", jp: "ja", kr: "ko" }[lang]);
      remove();
      expect(document.querySelector('[data-testid="offline-notice"]')).toBeNull();
    }
  });
});

describe("the offline notice's language without the locale chunk", () => {
  beforeEach(() => localStorage.clear());

  it("is the stored choice before the app has started (the notice mounts first)", () => {
    localStorage.setItem("lang", "de");
    unmount = mountOfflineNotice({ win: fakeWindow(false).win });
    expect(document.querySelector('[data-testid="offline-notice"]')!.textContent).toContain(OFFLINE_TEXTS.de.body);
  });

  it("is the language the app chose at start, before (or without) its catalogue", async () => {
    localStorage.setItem("lang", "kr");
    const starting = initI18n(); // not awaited: the catalogue is still on its way, or never comes
    unmount = mountOfflineNotice({ win: fakeWindow(false).win });
    expect(document.querySelector('[data-testid="offline-notice"]')!.textContent).toContain(OFFLINE_TEXTS.kr.body);
    await starting.catch(() => undefined);
  });
});

describe("the offline notice once the app runs", () => {
  beforeAll(async () => {
    await setupI18n("en");
  });

  it("follows a change of language", async () => {
    unmount = mountOfflineNotice({ win: fakeWindow(false).win });
    const notice = document.querySelector('[data-testid="offline-notice"]')!;
    expect(notice.textContent).toContain(OFFLINE_TEXTS.en.body);
    await changeLanguage("jp");
    expect(notice.textContent).toContain(OFFLINE_TEXTS.jp.body);
    await changeLanguage("en");
  });
});

describe("the worker's offline page (no cached shell)", () => {
  it("says it in the given language, without any script", () => {
    for (const lang of LANGUAGES) {
      const html = offlinePageHtml(lang);
      expect(html).toContain(OFFLINE_TEXTS[lang].title);
      expect(html).toContain(OFFLINE_TEXTS[lang].body);
      expect(html).not.toMatch(/<script/i);
    }
    expect(offlinePageHtml("cn")).toContain('<html lang="zh-CN">');
  });
});
