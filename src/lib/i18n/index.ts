import i18next, { type BackendModule, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { type Catalogue, catalogueOf } from "@/config/catalogues";
import { type Language, languageFromHash, pickLanguage } from "@/config/languages";
import { storageKeys } from "../session";
import { storage } from "../storage";
import { i18nOptions, languageOfTag, type Namespace, tagOf } from "./options";
import { loadTexts } from "./texts";

export type { TFunction } from "i18next";
export { i18nOptions, languageOfTag, tagOf } from "./options";
export { dataKey, type TextKey } from "./keys";

/**
 * The browser's i18next instance: read anywhere, also outside React (the API client's toasts).
 * Each server render makes its own (src/boot/first-screen.tsx). A namespace downloads the first
 * time something asks for it, in the current language; i18next then brings every namespace in
 * use along when the language changes.
 */
export const i18n: I18n = i18next.createInstance().use(chunkBackend()).use(initReactI18next);

/**
 * i18next's backend plugin (its documented `BackendModule`) over the build's text chunks: a
 * namespace in a language is one dynamic import (./texts.ts), never a URL built from input.
 */
function chunkBackend(): BackendModule {
  return {
    type: "backend",
    init: () => undefined,
    read: (tag, ns, done) =>
      void loadTexts(ns as Namespace, languageOfTag(tag)).then(
        (texts) => done(null, texts),
        (error: Error) => done(error, false),
      ),
  };
}

// Also rendered on the web server, which has no document.
i18n.on("languageChanged", (tag) => {
  if (typeof document !== "undefined") document.documentElement.lang = tag;
});

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

/** Loads catalogues in the current language (and in any language switched to later). */
export async function loadCatalogues(catalogues: readonly Catalogue[]): Promise<void> {
  if (catalogues.length > 0) await i18n.loadNamespaces([...catalogues]);
}

/** Loads the catalogue that holds `key` (a refusal's text, which any call may bring). */
export function loadTextOf(key: string): Promise<void> {
  return loadCatalogues([catalogueOf(key)]);
}

/** Sets the language and loads its shop catalogue; the app renders once this resolves. */
export async function initI18n(lang: Language = detectLanguage()): Promise<I18n> {
  if (i18n.isInitialized) await i18n.changeLanguage(tagOf(lang));
  else await i18n.init(i18nOptions(lang));
  return i18n;
}

/** Switches the language, once the texts in use are there, and remembers the choice. */
export async function changeLanguage(lang: Language): Promise<void> {
  storage.set(storageKeys.lang, lang);
  await i18n.changeLanguage(tagOf(lang));
}

/** The current language's seed code. */
export function currentLanguage(): Language {
  return languageOfTag(i18n.resolvedLanguage ?? i18n.language);
}

/**
 * The user's language also before the app started, or when its texts never came (offline): the
 * one initI18n chose, else detected as initI18n will.
 */
export function userLanguage(): Language {
  return i18n.isInitialized ? currentLanguage() : detectLanguage();
}
