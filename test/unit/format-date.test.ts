import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@/config/languages";
import { formatDate } from "@/lib/format-date";

// 2026-11-28 16:05 in UTC+8, the shop's day.
const AFTERNOON = Date.UTC(2026, 10, 28, 8, 5);

describe("the shop's dates", () => {
  // The web server's ICU has no Korean day periods ("AM 4:05" where the browser draws "오후 4:05"):
  // a 12-hour time drawn by the server would not hydrate, in Korean at any hour.
  it.each(LANGUAGES)("draws times on the 24-hour clock, in UTC+8 (%s)", (lang) => {
    const text = formatDate(AFTERNOON, true, lang);
    expect(text).toContain("16:05");
    expect(text).not.toMatch(/AM|PM|오전|오후|午後/);
  });

  it("draws the day alone without a time, in the language's own order", () => {
    expect(formatDate(AFTERNOON, false, "en")).toBe("Nov 28, 2026");
    expect(formatDate(AFTERNOON, false, "de")).toBe("28.11.2026");
    expect(formatDate(AFTERNOON, true, "cn")).toBe("2026年11月28日 16:05");
  });
});
