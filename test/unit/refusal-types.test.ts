import { describe, expect, it } from "vitest";
import { refusal } from "../../domain/refusals";

/*
 * What the types forbid at a throw site (checked by `npm run typecheck`: each `@ts-expect-error`
 * must meet an error, or tsc fails). The helpers of server/lib/errors.ts share `refusal`'s
 * signature, so this holds for them too.
 */
function neverCalled() {
  // @ts-expect-error an unregistered key (free text)
  refusal("The minimum withdrawal is 10 USDT");
  // @ts-expect-error a key whose text has params, without them
  refusal("withdraw.belowMinimum");
  // @ts-expect-error a wrong param name
  refusal("withdraw.belowMinimum", { min: "10" });
  // @ts-expect-error a param too many
  refusal("withdraw.belowMinimum", { minimum: "10", extra: 1 });
  // @ts-expect-error params for a key that has none
  refusal("fundPassword.wrong", { attempts: 1 });
  return [refusal("withdraw.belowMinimum", { minimum: "10" }), refusal("fundPassword.wrong")];
}

describe("refusal types", () => {
  it("accept a registered key with exactly its params", () => {
    expect(typeof neverCalled).toBe("function");
    expect(refusal("withdraw.belowMinimum", { minimum: 10 })).toEqual({ key: "withdraw.belowMinimum", params: { minimum: 10 } });
  });
});
