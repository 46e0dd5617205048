import { LANGUAGE_META } from "@/config/languages";
import { currentLanguage } from "./i18n";

/** Dates of the shop are shown in UTC+8 (the shop's day, as the settlement counts it). */
export const SHOP_TIME_ZONE = "Asia/Shanghai";

export function formatDate(epochMs: number, withTime = false): string {
  const locale = LANGUAGE_META[currentLanguage()].htmlLang;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    ...(withTime ? { timeStyle: "short" } : {}),
    timeZone: SHOP_TIME_ZONE,
  }).format(epochMs);
}
