import { describe, expect, it } from "vitest";
import { fundPasswordProblem } from "../../../domain/password";

describe("fund password", () => {
  it("accepts 6..32 printable ASCII characters", () => {
    expect(fundPasswordProblem("123456")).toBe(null);
    expect(fundPasswordProblem("P@ssw0rd!".padEnd(32, "x"))).toBe(null);
  });
  it("refuses too short, too long, spaces and non-ASCII", () => {
    expect(fundPasswordProblem("12345")).toBe("Fund password must be 6 to 32 characters");
    expect(fundPasswordProblem("x".repeat(33))).toBe("Fund password must be 6 to 32 characters");
    expect(fundPasswordProblem("123 456")).toMatch(/without spaces/);
    expect(fundPasswordProblem("密码密码密码")).toMatch(/ASCII/);
  });
});
