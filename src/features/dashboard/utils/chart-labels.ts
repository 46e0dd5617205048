import { HTML_LANG, type Language } from "@/config/languages";
import { DISPLAY_TIME_ZONE } from "@/config/time-zone";
import { formatChainTime } from "@/lib/protocol/time";
import { dateTimeFormat } from "@/lib/date-time-format";

/**
 * The chart's dates as the rest of the protocol's pages show them: in the user's language (not the
 * browser's), on the specification's UTC+8 day.
 */
export function chartDay(ms: number, lang: Language): string {
  return dateTimeFormat(HTML_LANG[lang], {
    month: "2-digit",
    day: "2-digit",
    timeZone: DISPLAY_TIME_ZONE,
  }).format(ms);
}

/** A point's moment in the tooltip: date and time in UTC+8, the zone named. */
export function chartMoment(ms: number, lang: Language): string {
  return formatChainTime(Math.floor(ms / 1000), lang);
}
