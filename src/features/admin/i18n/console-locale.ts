import { useEffect, useState } from "react";
import { type Language, isLanguage } from "@/config/languages";
import { currentLanguage, i18n } from "@/lib/i18n";

type Catalogue = Record<string, string>;

// The console's texts are a catalogue of their own, loaded with the console: the shop's locale
// chunks stay as they were (ADR-0175, "Operator console").
const loaders: Record<Language, () => Promise<{ default: Catalogue }>> = {
  en: () => import("../../../../locales/console/en.json"),
  cn: () => import("../../../../locales/console/cn.json"),
  de: () => import("../../../../locales/console/de.json"),
  jp: () => import("../../../../locales/console/jp.json"),
  kr: () => import("../../../../locales/console/kr.json"),
};

const loaded = new Set<Language>();

/** Adds the console's texts of `lang` to the app's texts (once). */
export async function loadConsoleCatalogue(lang: Language): Promise<void> {
  if (loaded.has(lang)) return;
  const { default: catalogue } = await loaders[lang]();
  i18n.addTexts(lang, catalogue);
  loaded.add(lang);
}

/** The language whose console texts are in place; null until the first one is. Follows language switches. */
export function useConsoleLanguage(): Language | null {
  const [ready, setReady] = useState<Language | null>(() => (loaded.has(currentLanguage()) ? currentLanguage() : null));
  useEffect(() => {
    let live = true;
    const load = (lng: string) => {
      if (!isLanguage(lng)) return;
      loadConsoleCatalogue(lng).then(
        () => live && setReady(lng),
        (error: unknown) => console.error("console texts could not be loaded", error),
      );
    };
    load(currentLanguage());
    const stop = i18n.onLanguageChanged(load);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return ready;
}
