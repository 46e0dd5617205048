import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, LANGUAGE_META, type Language, isLanguage, languageFromBrowser } from "@/config/languages";
import { storageKeys } from "./session";
import { storage } from "./storage";

type Catalogue = Record<string, string>;

// One chunk per locale: only the active one is downloaded.
const loaders: Record<Language, () => Promise<{ default: Catalogue }>> = {
  en: () => import("../../locales/en.json"),
  cn: () => import("../../locales/cn.json"),
  de: () => import("../../locales/de.json"),
  jp: () => import("../../locales/jp.json"),
  kr: () => import("../../locales/kr.json"),
};

/** The `lang` parameter of a hash route such as "#/pages/index/index?lang=cn". */
export function languageFromHash(hash: string): Language | null {
  const query = hash.split("?")[1];
  if (!query) return null;
  const lang = new URLSearchParams(query).get("lang");
  return isLanguage(lang) ? lang : null;
}

/** Link parameter, else stored choice, else browser language, else en (DESIGN.md §1). */
export function detectLanguage(
  hash = window.location.hash,
  browserLanguages: readonly string[] = navigator.languages ?? [navigator.language],
): Language {
  const fromLink = languageFromHash(hash);
  if (fromLink) {
    storage.set(storageKeys.lang, fromLink);
    return fromLink;
  }
  const stored = storage.get(storageKeys.lang);
  if (isLanguage(stored)) return stored;
  return languageFromBrowser(browserLanguages) ?? DEFAULT_LANGUAGE;
}

async function loadCatalogue(lang: Language): Promise<void> {
  if (i18next.hasResourceBundle(lang, "translation")) return;
  const { default: catalogue } = await loaders[lang]();
  i18next.addResourceBundle(lang, "translation", catalogue);
}

function applyDocumentLanguage(lang: Language): void {
  document.documentElement.lang = LANGUAGE_META[lang].htmlLang;
}

export async function initI18n(lang: Language = detectLanguage()): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: lang,
    // Keys are flat and dotted ("login.connect"): the dot is part of the key, not a path.
    keySeparator: false,
    nsSeparator: false,
    fallbackLng: false,
    resources: {},
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  await loadCatalogue(lang);
  applyDocumentLanguage(lang);
  i18next.on("languageChanged", (lng) => {
    if (isLanguage(lng)) applyDocumentLanguage(lng);
  });
  return i18next;
}

/** Switches the language and remembers the choice. */
export async function changeLanguage(lang: Language): Promise<void> {
  storage.set(storageKeys.lang, lang);
  await loadCatalogue(lang);
  await i18next.changeLanguage(lang);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

export { i18next };
