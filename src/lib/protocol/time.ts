import { HTML_LANG, type Language } from "@/config/languages";
import { currentLanguage } from "../i18n";
import { DISPLAY_TIME_ZONE } from "@/config/time-zone";
import { dateTimeFormat } from "../date-time-format";

/**
 * A chain timestamp (seconds) as a date and time in UTC+8, with the zone named, in `lang` (a
 * component drawn on the server passes its render's language: the browser's instance is not it).
 */
export function formatChainTime(seconds: bigint | number | undefined, lang: Language = currentLanguage()): string {
  if (seconds === undefined) return "…";
  const ms = Number(seconds) * 1000;
  const locale = HTML_LANG[lang];
  const text = dateTimeFormat(locale, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    // Not `hour12: false`: with it, Node's ICU draws midnight as "24:05" in en and kr where the
    // browser draws "00:05", so a page the server drew at such an hour failed to hydrate.
    hourCycle: "h23",
    timeZone: DISPLAY_TIME_ZONE,
  }).format(ms);
  return `${text} (UTC+8)`;
}

/** Seconds left as "1d 02:03:04" / "02:03:04"; 0 when due. */
export function formatCountdown(secondsLeft: number): string {
  const s = Math.max(0, Math.floor(secondsLeft));
  const days = Math.floor(s / 86400);
  const pad = (n: number) => String(n).padStart(2, "0");
  const hms = `${pad(Math.floor((s % 86400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return days > 0 ? `${days}d ${hms}` : hms;
}
