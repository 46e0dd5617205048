import { describe, expect, it } from "vitest";
import { LIGHTHOUSE_TRIES, withRetries } from "../../../bench/lighthouse";

const traceFault = () => new Error("lighthouse failed (1): Runtime error encountered: Something went wrong (NO_NAVSTART)");

describe("a Lighthouse run in the bench", () => {
  it("is tried again when Lighthouse could not record its trace, twice in a row included", async () => {
    let calls = 0;
    await withRetries(async () => {
      calls++;
      if (calls < LIGHTHOUSE_TRIES) throw traceFault();
    }, LIGHTHOUSE_TRIES);
    expect(calls).toBe(LIGHTHOUSE_TRIES);
  });

  it("gives up after its tries, and at once on any other failure", async () => {
    let calls = 0;
    const always = async () => {
      calls++;
      throw traceFault();
    };
    await expect(withRetries(always, LIGHTHOUSE_TRIES)).rejects.toThrow(/NO_NAVSTART/);
    expect(calls).toBe(LIGHTHOUSE_TRIES);
    calls = 0;
    const broken = async () => {
      calls++;
      throw new Error("ENOENT: no such file or directory");
    };
    await expect(withRetries(broken, LIGHTHOUSE_TRIES)).rejects.toThrow(/ENOENT/);
    expect(calls).toBe(1);
  });
});
