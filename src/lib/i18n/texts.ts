import type { Language } from "@/config/languages";
import type { Namespace } from "./options";

type Texts = Record<string, string>;
/** A catalogue chunk as its loader gives it. */
type TextsModule = { default: Texts };
type Loaders = Record<string, () => Promise<TextsModule>>;

// One chunk per catalogue and language, cut from locales/<lang>.json by the build (vite.config.mts);
// the console's texts are files of their own. Each loader gives the module, whose default export
// loadTexts takes: fifty loaders each taking it cost the entry, on every page, 14 bytes gzip.
const loaders: Record<Namespace, Loaders> = {
  shop: import.meta.glob<TextsModule>("../../../locales/*.json", { query: "?catalogue=shop" }),
  goods: import.meta.glob<TextsModule>("../../../locales/*.json", { query: "?catalogue=goods" }),
  wallet: import.meta.glob<TextsModule>("../../../locales/*.json", { query: "?catalogue=wallet" }),
  refusals: import.meta.glob<TextsModule>("../../../locales/*.json", { query: "?catalogue=refusals" }),
  account: import.meta.glob<TextsModule>("../../../locales/*.json", { query: "?catalogue=account" }),
  protocol: import.meta.glob<TextsModule>("../../../locales/*.json", { query: "?catalogue=protocol" }),
  protocolPages: import.meta.glob<TextsModule>("../../../locales/*.json", { query: "?catalogue=protocolPages" }),
  lottery: import.meta.glob<TextsModule>("../../../locales/*.json", { query: "?catalogue=lottery" }),
  boardroom: import.meta.glob<TextsModule>("../../../locales/*.json", { query: "?catalogue=boardroom" }),
  console: import.meta.glob<TextsModule>("../../../locales/console/*.json"),
};

/** The texts of one namespace in one language. */
export function loadTexts(ns: Namespace, lang: Language): Promise<Texts> {
  const folder = ns === "console" ? "../../../locales/console" : "../../../locales";
  const load = loaders[ns]?.[`${folder}/${lang}.json`];
  if (!load) return Promise.reject(new Error(`no ${lang} texts for the ${ns} namespace`));
  return load().then((module) => module.default);
}
