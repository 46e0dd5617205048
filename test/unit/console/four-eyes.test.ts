import {
  APPROVAL_DECIDER,
  APPROVAL_KINDS,
  approvalKindsFor,
  FOUR_EYES_GRANT_ROLES,
  FOUR_EYES_REVOKE_ROLES,
} from "@domain/approval-kinds";
import { TOKEN_ROLES } from "@domain/operator-roles";
import { describe, expect, it } from "vitest";
import { areasFor } from "@/features/admin/utils/areas";

describe("four-eyes in the console", () => {
  it("lets a treasurer see the money requests and an admin the role changes, and opens Approvals to both", () => {
    expect(approvalKindsFor(["treasurer"])).toEqual(["balance.adjust", "withdraw.retry"]);
    expect(approvalKindsFor(["admin"])).toEqual(["role.grant", "role.revoke"]);
    expect(approvalKindsFor(["reviewer", "editor"])).toEqual([]);
    expect(approvalKindsFor(["treasurer", "admin"])).toEqual([...APPROVAL_KINDS]);
    expect(areasFor(["admin"])).toEqual(["approvals", "roles", "audit"]);
    expect(areasFor(["treasurer"])).toContain("approvals");
  });

  it("keeps money and roles away from the shared token", () => {
    expect(TOKEN_ROLES).not.toContain("treasurer");
    expect(TOKEN_ROLES).not.toContain("admin");
    expect(FOUR_EYES_GRANT_ROLES).toEqual(["treasurer", "admin"]);
    expect(FOUR_EYES_REVOKE_ROLES).toEqual(["admin"]);
    expect(Object.values(APPROVAL_DECIDER).every((role) => !TOKEN_ROLES.includes(role))).toBe(true);
  });
});
