import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dateTimeFormat } from "@/lib/date-time-format";
import { formatDate } from "@/lib/format-date";
import { formatChainTime } from "@/lib/protocol/time";

/** Counts the formats built while a test runs: Intl.DateTimeFormat replaced by a counting subclass. */
const Real = Intl.DateTimeFormat;
let built = 0;
class Counting extends Real {
  constructor(...args: ConstructorParameters<typeof Real>) {
    super(...args);
    built += 1;
  }
}
beforeEach(() => {
  built = 0;
  Object.defineProperty(Intl, "DateTimeFormat", { value: Counting, configurable: true, writable: true });
});
afterEach(() => Object.defineProperty(Intl, "DateTimeFormat", { value: Real, configurable: true, writable: true }));

describe("date formats, built once (lib/date-time-format.ts)", () => {
  it("builds one Intl.DateTimeFormat per locale and options, and formats as a new one would", () => {
    const options = { dateStyle: "medium", timeZone: "Asia/Shanghai" } as const;
    const a = dateTimeFormat("de-DE", options);
    expect(dateTimeFormat("de-DE", { ...options })).toBe(a);
    expect(dateTimeFormat("ko-KR", options)).not.toBe(a);
    expect(dateTimeFormat("de-DE", { ...options, timeStyle: "short" })).not.toBe(a);
    expect(built).toBe(3);
    expect(a.format(1_795_000_000_000)).toBe(new Real("de-DE", options).format(1_795_000_000_000));
  });

  it("a page of dates builds none after the first of each kind", () => {
    formatChainTime(1_795_000_000n, "jp");
    formatDate(1_795_000_000_000, true, "kr");
    built = 0;
    const times = Array.from({ length: 50 }, (_, i) => formatChainTime(1_795_000_000n + BigInt(i * 60), "jp"));
    const dates = Array.from({ length: 50 }, (_, i) => formatDate(1_795_000_000_000 + i * 86_400_000, true, "kr"));
    expect(built).toBe(0);
    expect(times[0]).toMatch(/\(UTC\+8\)$/);
    expect(new Set(times).size).toBe(50);
    expect(new Set(dates).size).toBe(50);
  });
});
