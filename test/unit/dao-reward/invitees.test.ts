import { describe, expect, it } from "vitest";
import { INVITEES_SHOWN, newestInvitees } from "@/features/dao-reward/utils/invitees";

describe("direct invitees on the DAO Reward page", () => {
  it("lists the newest first and counts what is not shown", () => {
    expect(newestInvitees(["a", "b", "c"])).toEqual({ list: ["c", "b", "a"], more: 0 });
    expect(newestInvitees(["a", "b", "c"], 2)).toEqual({ list: ["c", "b"], more: 1 });
    expect(newestInvitees([])).toEqual({ list: [], more: 0 });
    const many = Array.from({ length: INVITEES_SHOWN + 5 }, (_, i) => i);
    const shown = newestInvitees(many);
    expect(shown.list[0]).toBe(INVITEES_SHOWN + 4);
    expect(shown.list).toHaveLength(INVITEES_SHOWN);
    expect(shown.more).toBe(5);
  });
});
