import { describe, expect, it } from "vitest";
import { NICKNAME_PATTERN, plainTextProblem, REAL_NAME_PATTERN } from "../../../domain/plain-text";

describe("plain text", () => {
  it("accepts ordinary text with quotes", () => {
    expect(plainTextProblem("北京市朝阳区 No. 5; Building 'A'", "Detail", 200)).toBe(null);
  });
  it("refuses empty, long, markup and control characters", () => {
    expect(plainTextProblem("  ", "Detail", 10)).toBe("Detail must not be empty");
    expect(plainTextProblem("x".repeat(11), "Detail", 10)).toBe("Detail must be at most 10 characters");
    expect(plainTextProblem("<b>x</b>", "Detail", 10)).toMatch(/< >/);
    expect(plainTextProblem("a\u0000b", "Detail", 10)).toMatch(/control/);
  });
  it("real names are letters of any script with a few separators", () => {
    expect(REAL_NAME_PATTERN.test("张三")).toBe(true);
    expect(REAL_NAME_PATTERN.test("阿卜杜·热合曼")).toBe(true);
    expect(REAL_NAME_PATTERN.test("Mary O'Brien")).toBe(true);
    expect(REAL_NAME_PATTERN.test("张")).toBe(false);
    expect(REAL_NAME_PATTERN.test("张3")).toBe(false);
    expect(REAL_NAME_PATTERN.test("'; DROP TABLE users; --")).toBe(false);
  });
  it("nicknames allow digits but no markup", () => {
    expect(NICKNAME_PATTERN.test("Alice_01")).toBe(true);
    expect(NICKNAME_PATTERN.test("<script>")).toBe(false);
  });
});
