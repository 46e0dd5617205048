/** The five locales of the text catalogue (specification §1); en is the source and default. */
export const LANGUAGES = ["en", "cn", "de", "jp", "kr"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/**
 * The BCP 47 tag of each language: for <html lang>, `Intl` and i18next's plural rules. A table of
 * its own, so that index.html's boot script, which needs no more, carries no more.
 */
export const HTML_LANG: Record<Language, string> = { en: "en", cn: "zh-CN", de: "de", jp: "ja", kr: "ko" };

/**
 * `name` is the language's own name (an endonym reads the same in every locale, so it is data
 * rather than catalogue text); `rainbowKit` is the wallet modal's locale.
 */
export const LANGUAGE_META: Record<Language, { name: string; rainbowKit: string }> = {
  en: { name: "English", rainbowKit: "en-US" },
  cn: { name: "简体中文", rainbowKit: "zh-CN" },
  de: { name: "Deutsch", rainbowKit: "de-DE" },
  jp: { name: "日本語", rainbowKit: "ja-JP" },
  kr: { name: "한국어", rainbowKit: "ko-KR" },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

const BROWSER_PREFIXES: Record<string, Language> = { zh: "cn", de: "de", ja: "jp", ko: "kr", en: "en" };

/** The first browser language we have a locale for (zh → cn, de → de, ja → jp, ko → kr). */
export function languageFromBrowser(browserLanguages: readonly string[]): Language | null {
  for (const tag of browserLanguages) {
    const prefix = tag.toLowerCase().split(/[-_]/)[0] ?? "";
    const match = BROWSER_PREFIXES[prefix];
    if (match) return match;
  }
  return null;
}

/** The `lang` parameter of a hash route such as "#/pages/index/index?lang=cn". */
export function languageFromHash(hash: string): Language | null {
  const query = hash.split("?")[1];
  if (!query) return null;
  const lang = new URLSearchParams(query).get("lang");
  return isLanguage(lang) ? lang : null;
}

/**
 * Link parameter, else stored choice, else browser language, else en (DESIGN.md §1): the one
 * rule, for the app's translator and for index.html's first requests (src/boot), which fetch
 * the texts in this language before the app starts.
 */
export function pickLanguage(hash: string, stored: string | null, browserLanguages: readonly string[]): Language {
  return (
    languageFromHash(hash) ?? (isLanguage(stored) ? stored : null) ?? languageFromBrowser(browserLanguages) ?? DEFAULT_LANGUAGE
  );
}
