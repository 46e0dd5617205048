import type { InitOptions } from "i18next";
import { CATALOGUES } from "@/config/catalogues";
import { nativeSymbol } from "@/config/chain";
import { DEFAULT_LANGUAGE, HTML_LANG, LANGUAGES, type Language } from "@/config/languages";

/**
 * The app's texts are i18next namespaces: the catalogues the build cuts from
 * `locales/<lang>.json` (config/catalogues.ts), and the operator console's own files.
 */
export const NAMESPACES = [...CATALOGUES, "console"] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * The seed's codes (`cn de en jp kr`) stay in URLs and storage; i18next works in BCP 47 tags
 * (`zh-CN de en ja ko`), which its plural rules and `Intl` understand.
 */
export function tagOf(lang: Language): string {
  return HTML_LANG[lang];
}

const LANGUAGE_OF_TAG = new Map<string, Language>(LANGUAGES.map((lang) => [tagOf(lang), lang]));

/** The seed code of an i18next language tag; English for one we do not have. */
export function languageOfTag(tag: string | undefined): Language {
  return (tag && LANGUAGE_OF_TAG.get(tag)) || DEFAULT_LANGUAGE;
}

/**
 * One configuration for the browser's instance and every server render's: flat dotted keys
 * (`keySeparator: false`), React escapes what it renders (`escapeValue: false`). Every key resolves whichever namespace holds it (`fallbackNS`), so a page
 * names the catalogues it loads, not the namespace of each key. `{{native}}` is the configured
 * chain's native coin (ETH locally, BNB on BSC) in every text, so no caller passes it.
 */
export function i18nOptions(lang: Language): InitOptions {
  return {
    lng: tagOf(lang),
    // English is every language's fallback, filled into its chunks by the build
    // (scripts/lib/vite-locale-catalogues.ts), so no one downloads the English texts as well.
    fallbackLng: false,
    supportedLngs: LANGUAGES.map(tagOf),
    load: "currentOnly",
    ns: ["shop"],
    defaultNS: "shop",
    fallbackNS: NAMESPACES.filter((ns) => ns !== "shop"),
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false, defaultVariables: { native: nativeSymbol } },
    partialBundledLanguages: true,
    returnNull: false,
    react: { useSuspense: false },
  };
}
