import { useSyncExternalStore } from "react";
import { type Catalogue, catalogueOf } from "@/config/catalogues";
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_META, type Language, languageFromHash, pickLanguage } from "@/config/languages";
import { storageKeys } from "./session";
import { storage } from "./storage";
import { type TFunction, type Texts, translate } from "./translate";

export type { TFunction, TOptions } from "./translate";

type Loaders = Record<string, () => Promise<Texts>>;

// One chunk per catalogue and language, cut from locales/<lang>.json by the build (vite.config.mts).
const loaders: Record<Catalogue, Loaders> = {
  shop: import.meta.glob<Texts>("../../locales/*.json", { query: "?catalogue=shop", import: "default" }),
  account: import.meta.glob<Texts>("../../locales/*.json", { query: "?catalogue=account", import: "default" }),
  protocol: import.meta.glob<Texts>("../../locales/*.json", { query: "?catalogue=protocol", import: "default" }),
};

const texts: Record<Language, Record<string, string>> = { en: {}, cn: {}, de: {}, jp: {}, kr: {} };
const loaded = new Map<string, Promise<void>>();
/** Catalogues some page has asked for: a language switch brings them along. */
const inUse = new Set<Catalogue>(["shop"]);
let language: Language = DEFAULT_LANGUAGE;
/** Whether initI18n chose the language yet (code that runs before it detects it the same way). */
let chosen = false;
const listeners = new Set<(lang: Language) => void>();

/** One `t` per language, so that a memo or effect that depends on `t` runs again after a switch. */
const tIn = Object.fromEntries(
  LANGUAGES.map((lang): [Language, TFunction] => [
    lang,
    (key, options) => translate(texts[lang], LANGUAGE_META[lang].htmlLang, key, options),
  ]),
) as Record<Language, TFunction>;

/** The app's texts: read anywhere, also outside React (the API client's toasts). */
export const i18n = {
  get language(): Language {
    return language;
  },
  t: ((key, options) => tIn[language](key, options)) as TFunction,
  exists: (key: string): boolean => Object.hasOwn(texts[language], key),
  /** Adds texts of `lang` that something loads on its own (the operator console's); known keys stay. */
  addTexts(lang: Language, more: Texts): void {
    texts[lang] = { ...more, ...texts[lang] };
  },
  /** Calls `listener` after each language switch; returns the unsubscribe. */
  onLanguageChanged(listener: (lang: Language) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** `t` re-renders its component when the language changes; `i18n.language` is the current one. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const lang = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return { t: tIn[lang], i18n };
}

function subscribe(onChange: () => void): () => void {
  return i18n.onLanguageChanged(onChange);
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
  return pickLanguage(hash, storage.get(storageKeys.lang), browserLanguages);
}

function loadCatalogue(catalogue: Catalogue, lang: Language): Promise<void> {
  const id = `${catalogue}/${lang}`;
  let pending = loaded.get(id);
  if (!pending) {
    const load = loaders[catalogue][`../../locales/${lang}.json`];
    if (!load) throw new Error(`no ${lang} texts for the ${catalogue} catalogue`);
    pending = load().then((more) => i18n.addTexts(lang, more));
    // A failed download may be retried by the next page that needs it.
    pending.catch(() => loaded.delete(id));
    loaded.set(id, pending);
  }
  return pending;
}

/** Loads catalogues in the current language (and in any language switched to later). */
export async function loadCatalogues(catalogues: readonly Catalogue[]): Promise<void> {
  for (const c of catalogues) inUse.add(c);
  await Promise.all(catalogues.map((c) => loadCatalogue(c, language)));
}

/** Loads the catalogue that holds `key` (a refusal's text, which any call may bring). */
export function loadTextOf(key: string): Promise<void> {
  return loadCatalogues([catalogueOf(key)]);
}

function applyLanguage(lang: Language): void {
  language = lang;
  // Also rendered on the web server (src/boot/first-screen.tsx), which has no document.
  if (typeof document !== "undefined") document.documentElement.lang = LANGUAGE_META[lang].htmlLang;
  for (const listener of [...listeners]) listener(lang);
}

/** Sets the language and loads its shop catalogue; the app renders once this resolves. */
export async function initI18n(lang: Language = detectLanguage()): Promise<typeof i18n> {
  language = lang;
  chosen = true;
  await loadCatalogues([...inUse]);
  applyLanguage(lang);
  return i18n;
}

/** Switches the language, once the texts in use are there, and remembers the choice. */
export async function changeLanguage(lang: Language): Promise<void> {
  storage.set(storageKeys.lang, lang);
  await Promise.all([...inUse].map((c) => loadCatalogue(c, lang)));
  applyLanguage(lang);
}

export function currentLanguage(): Language {
  return language;
}

/**
 * The user's language also before the app started, or when its texts never came (offline): the
 * one initI18n chose, else detected as initI18n will.
 */
export function userLanguage(): Language {
  return chosen ? language : detectLanguage();
}
