import { HTML_LANG, type Language } from "@/config/languages";
import { currentLanguage } from "./i18n";
import { DISPLAY_TIME_ZONE } from "@/config/time-zone";
import { dateTimeFormat } from "./date-time-format";

/** `lang`: a component drawn on the server passes its render's language (see formatChainTime). */
export function formatDate(epochMs: number, withTime = false, lang: Language = currentLanguage()): string {
  const locale = HTML_LANG[lang];
  return dateTimeFormat(locale, {
    dateStyle: "medium",
    // The 24-hour clock in every language, as the protocol's times: the web server's ICU (Node) has
    // no Korean day periods and draws "AM 8:05" where the browser draws "오전 8:05", so a 12-hour
    // time drawn by the server would not hydrate.
    ...(withTime ? { timeStyle: "short", hourCycle: "h23" } : {}),
    timeZone: DISPLAY_TIME_ZONE,
  }).format(epochMs);
}
