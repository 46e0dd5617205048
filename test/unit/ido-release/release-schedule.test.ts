import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { durationDays, part65, released35, releasedBps } from "@/features/ido-release/utils/release-schedule";

const E18 = 10n ** 18n;

describe("IDO release schedule", () => {
  it("splits 65 % now and 35 % linearly over the duration", () => {
    const total = 1000n * E18;
    expect(part65(total)).toBe(650n * E18);
    const start = 1_000n;
    const duration = 180n * 86_400n;
    expect(released35(total, start, duration, start - 1n)).toBe(0n);
    expect(released35(total, start, duration, start + duration / 2n)).toBe(175n * E18);
    expect(released35(total, start, duration, start + duration + 5n)).toBe(350n * E18);
    expect(releasedBps(start, duration, start + duration / 4n)).toBe(2500n);
    expect(durationDays(duration)).toBe(180n);
    expect(durationDays(duration + 1n)).toBe(181n);
  });

  it("releases monotonically, never more than the 35 % part", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 2n * 10n ** 10n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        (total, start, duration, t, dt) => {
          const a = released35(total, start, duration, t);
          const b = released35(total, start, duration, t + dt);
          expect(b).toBeGreaterThanOrEqual(a);
          expect(b).toBeLessThanOrEqual(total - part65(total));
          expect(part65(total) + (total - part65(total))).toBe(total);
        },
      ),
    );
  });
});
