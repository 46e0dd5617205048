import type { Language } from "@/config/languages";
import type { Namespace } from "./options";

type Texts = Record<string, string>;
type Loaders = Record<string, () => Promise<Texts>>;

// One chunk per catalogue and language, cut from locales/<lang>.json by the build (vite.config.mts);
// the console's texts are files of their own.
const loaders: Record<Namespace, Loaders> = {
  shop: import.meta.glob<Texts>("../../../locales/*.json", { query: "?catalogue=shop", import: "default" }),
  goods: import.meta.glob<Texts>("../../../locales/*.json", { query: "?catalogue=goods", import: "default" }),
  wallet: import.meta.glob<Texts>("../../../locales/*.json", { query: "?catalogue=wallet", import: "default" }),
  refusals: import.meta.glob<Texts>("../../../locales/*.json", { query: "?catalogue=refusals", import: "default" }),
  account: import.meta.glob<Texts>("../../../locales/*.json", { query: "?catalogue=account", import: "default" }),
  protocol: import.meta.glob<Texts>("../../../locales/*.json", { query: "?catalogue=protocol", import: "default" }),
  protocolPages: import.meta.glob<Texts>("../../../locales/*.json", { query: "?catalogue=protocolPages", import: "default" }),
  lottery: import.meta.glob<Texts>("../../../locales/*.json", { query: "?catalogue=lottery", import: "default" }),
  boardroom: import.meta.glob<Texts>("../../../locales/*.json", { query: "?catalogue=boardroom", import: "default" }),
  console: import.meta.glob<Texts>("../../../locales/console/*.json", { import: "default" }),
};

/** The texts of one namespace in one language. */
export function loadTexts(ns: Namespace, lang: Language): Promise<Texts> {
  const folder = ns === "console" ? "../../../locales/console" : "../../../locales";
  const load = loaders[ns]?.[`${folder}/${lang}.json`];
  if (!load) return Promise.reject(new Error(`no ${lang} texts for the ${ns} namespace`));
  return load();
}
