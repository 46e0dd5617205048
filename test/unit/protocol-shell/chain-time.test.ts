import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@/config/languages";
import { formatChainTime, formatCountdown } from "@/lib/protocol/time";

// 2026-11-29 00:05 in UTC+8.
const JUST_AFTER_MIDNIGHT = BigInt(Date.UTC(2026, 10, 28, 16, 5) / 1000);

describe("chain times as the protocol's pages show them", () => {
  // The web server (Node) and the browser each format the stake, bond and lottery cards; at such an
  // hour Node drew "24:05" under `hour12: false` and the browser "00:05", and the hydration failed.
  it.each(LANGUAGES)("counts the hour after midnight in UTC+8 as 00, not 24 (%s)", (lang) => {
    const text = formatChainTime(JUST_AFTER_MIDNIGHT, lang);
    expect(text).toMatch(/\b00:05 \(UTC\+8\)$/);
    expect(text).not.toContain("24:");
    expect(text).toContain("29");
  });

  it("draws the date and time in each language's own order", () => {
    expect(formatChainTime(JUST_AFTER_MIDNIGHT, "en")).toBe("11/29/2026, 00:05 (UTC+8)");
    expect(formatChainTime(JUST_AFTER_MIDNIGHT, "de")).toBe("29.11.2026, 00:05 (UTC+8)");
    expect(formatChainTime(JUST_AFTER_MIDNIGHT, "cn")).toBe("2026/11/29 00:05 (UTC+8)");
    expect(formatChainTime(undefined, "en")).toBe("…");
  });

  it("counts down in days, hours, minutes and seconds, and stops at zero", () => {
    expect(formatCountdown(90_061)).toBe("1d 01:01:01");
    expect(formatCountdown(59.9)).toBe("00:00:59");
    expect(formatCountdown(-5)).toBe("00:00:00");
  });
});
