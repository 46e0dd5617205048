import { describe, expect, it } from "vitest";
import { isEmail, maskEmail, normaliseEmail } from "../../../domain/email";

describe("email", () => {
  it("accepts plain addresses after normalising", () => {
    expect(isEmail(normaliseEmail(" Alice.Smith+shop@Example.COM "))).toBe(true);
    expect(isEmail("a@b.cn")).toBe(true);
  });
  it("refuses malformed and hostile ones", () => {
    for (const v of [
      "",
      "a",
      "a@",
      "@b.cn",
      "a@b",
      "a..b@c.cn",
      ".a@c.cn",
      "a@-b.cn",
      "a b@c.cn",
      "a'--@c.cn",
      "<a>@c.cn",
      `${"a".repeat(65)}@c.cn`,
      `a@${"b".repeat(250)}.cn`,
    ]) {
      expect(isEmail(v)).toBe(false);
    }
  });
  it("masks the local part", () => {
    expect(maskEmail("alice@example.com")).toBe("a***@example.com");
    expect(maskEmail("a@b.cn")).toBe("a***@b.cn");
  });
});
