import { describe, expect, it } from "vitest";
import { stringifyJson } from "../../server/lib/json";

describe("stringifyJson", () => {
  it("writes bigint amounts as exact decimal strings", () => {
    expect(stringifyJson({ a: 12345678901234567890n, b: [1n], c: "x" })).toBe('{"a":"12345678901234567890","b":["1"],"c":"x"}');
  });
  it("writes plain values as JSON.stringify does", () => {
    expect(stringifyJson({ a: 1, b: null, c: [true] })).toBe('{"a":1,"b":null,"c":[true]}');
  });
});
