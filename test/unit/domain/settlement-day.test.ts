import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DAY_MS,
  dayNumber,
  dayStartMs,
  dayToIsoDate,
  dueDays,
  firstEarningDay,
  quarterOfDay,
  weekStartDay,
} from "../../../domain/settlement-day";

describe("UTC+8 days", () => {
  it("turns over at 00:00 UTC+8, which is 16:00 UTC of the day before", () => {
    const lastMs = Date.UTC(2024, 0, 1, 15, 59, 59, 999);
    expect(dayToIsoDate(dayNumber(lastMs))).toBe("2024-01-01");
    expect(dayToIsoDate(dayNumber(lastMs + 1))).toBe("2024-01-02");
    expect(dayStartMs(dayNumber(lastMs + 1))).toBe(lastMs + 1);
  });

  it("puts every instant inside its day", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
        const day = dayNumber(ms);
        expect(dayStartMs(day)).toBeLessThanOrEqual(ms);
        expect(ms).toBeLessThan(dayStartMs(day) + DAY_MS);
      }),
    );
  });

  it("pays an order from the day after its purchase", () => {
    expect(firstEarningDay(100)).toBe(101);
  });
});

describe("dueDays", () => {
  const order = { startDay: 100, cycleDays: 3, daysSettled: 0 };

  it("is empty before the first earning day", () => {
    expect(dueDays(order, 99)).toEqual([]);
  });

  it("catches up every missed day up to today", () => {
    expect(dueDays(order, 101)).toEqual([100, 101]);
    expect(dueDays({ ...order, daysSettled: 1 }, 101)).toEqual([101]);
  });

  it("never goes beyond the cycle", () => {
    expect(dueDays(order, 500)).toEqual([100, 101, 102]);
    expect(dueDays({ ...order, daysSettled: 3 }, 500)).toEqual([]);
  });

  it("adds up to the whole cycle however the passes fall", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 30 }),
        (cycleDays, steps) => {
          let settled = 0;
          let today = 99;
          for (const step of [...steps, 1000]) {
            today += step;
            const days = dueDays({ startDay: 100, cycleDays, daysSettled: settled }, today);
            if (days.length) expect(days[0]).toBe(100 + settled);
            settled += days.length;
          }
          expect(settled).toBe(cycleDays);
        },
      ),
    );
  });
});

describe("quarters and weeks", () => {
  it("labels the quarter of a UTC+8 day", () => {
    expect(quarterOfDay(dayNumber(Date.UTC(2024, 2, 31, 15, 59))).label).toBe("2024-Q1");
    expect(quarterOfDay(dayNumber(Date.UTC(2024, 2, 31, 16, 0))).label).toBe("2024-Q2");
    expect(quarterOfDay(dayNumber(Date.UTC(2024, 11, 31, 0, 0)))).toEqual({ year: 2024, quarter: 4, label: "2024-Q4" });
  });

  it("starts weeks on Monday", () => {
    const monday = dayNumber(Date.UTC(2024, 0, 1, 4)); // 2024-01-01 was a Monday
    for (let i = 0; i < 7; i++) expect(weekStartDay(monday + i)).toBe(monday);
    expect(weekStartDay(monday + 7)).toBe(monday + 7);
    expect(weekStartDay(monday - 1)).toBe(monday - 7);
  });
});
