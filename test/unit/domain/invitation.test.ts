import { describe, expect, it } from "vitest";
import { inviterProblem, isWellFormedInvitationCode, normaliseInvitationCode } from "../../../domain/invitation";

describe("invitation rules", () => {
  it("normalises case and spaces", () => {
    expect(normaliseInvitationCode(" dema2345 ")).toBe("DEMA2345");
    expect(isWellFormedInvitationCode("DEMA2345")).toBe(true);
    expect(isWellFormedInvitationCode("DEMA2341")).toBe(false);
  });
  it("refuses self-invitation and cycles", () => {
    expect(inviterProblem(1n, 1n, [])).toBe("self");
    expect(inviterProblem(1n, 2n, [3n, 1n])).toBe("cycle");
    expect(inviterProblem(1n, 2n, [3n, 4n])).toBe(null);
  });
});
