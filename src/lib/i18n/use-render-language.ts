import { useTranslation } from "react-i18next";
import type { Language } from "@/config/languages";
import { languageOfTag } from "./options";

/**
 * The language of the texts this render shows: its own i18next instance's, which on the web server
 * is the render's (src/boot/first-screen.tsx) and not the browser's instance. Dates and numbers
 * formatted in it read the same in the server's drawing and in the hydration that takes it over.
 */
export function useRenderLanguage(): Language {
  const { i18n } = useTranslation();
  return languageOfTag(i18n.resolvedLanguage ?? i18n.language);
}
