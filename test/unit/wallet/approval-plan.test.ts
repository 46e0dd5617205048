import { describe, expect, it } from "vitest";
import { canSignPermits } from "@domain/permit";
import { planApproval, type ApprovalFacts } from "@/lib/wallet/approval-plan";

const facts = (f: Partial<ApprovalFacts>): ApprovalFacts => ({
  allowance: 0n,
  amount: 10n,
  batch: false,
  permit: false,
  justApproved: false,
  ...f,
});

describe("how an action that spends a token is sent (approval-plan.ts, ADR-0199)", () => {
  it("shows no approval step at all when the allowance already covers the amount, whatever the wallet", () => {
    for (const batch of [false, true])
      for (const permit of [false, true, undefined]) {
        expect(planApproval(facts({ allowance: 10n, batch, permit }))).toEqual({ path: "plain", step: "none" });
        expect(planApproval(facts({ allowance: 11n, batch, permit }))).toEqual({ path: "plain", step: "none" });
      }
  });

  it("keeps the approval this page just confirmed on screen, ticked, as the first of the two steps", () => {
    expect(planApproval(facts({ allowance: 10n, justApproved: true }))).toEqual({ path: "plain", step: "done" });
  });

  it("sends approve-and-act as one batch where the wallet takes EIP-5792 calls, before a permit", () => {
    expect(planApproval(facts({ batch: true, permit: true }))).toEqual({ path: "batch", step: "none" });
    expect(planApproval(facts({ batch: true, permit: false }))).toEqual({ path: "batch", step: "none" });
  });

  it("signs a permit where the action takes one and the account can sign it, else approves first", () => {
    expect(planApproval(facts({ permit: true }))).toEqual({ path: "permit", step: "none" });
    expect(planApproval(facts({ permit: false, allowance: 9n }))).toEqual({ path: "approve-first", step: "todo" });
  });

  it("waits while the amount, the allowance or the account's kind is not known", () => {
    expect(planApproval(facts({ amount: null }))).toEqual({ path: null, step: "none" });
    expect(planApproval(facts({ allowance: undefined }))).toEqual({ path: null, step: "none" });
    expect(planApproval(facts({ permit: undefined }))).toEqual({ path: null, step: "none" });
    // A batch needs no answer about permits.
    expect(planApproval(facts({ permit: undefined, batch: true }))).toEqual({ path: "batch", step: "none" });
  });
});

describe("which accounts can sign a permit the token accepts (domain/permit.ts)", () => {
  it("an ordinary account, and one that delegates its code (EIP-7702): their key signs", () => {
    expect(canSignPermits(undefined)).toBe(true);
    expect(canSignPermits(null)).toBe(true);
    expect(canSignPermits("0x")).toBe(true);
    expect(canSignPermits(`0xef0100${"ab".repeat(20)}`)).toBe(true);
  });

  it("not a contract wallet: its ERC-1271 signature is not the ECDSA signature ERC-2612 checks", () => {
    expect(canSignPermits("0x6080604052")).toBe(false);
    expect(canSignPermits(`0xef0100${"ab".repeat(19)}`)).toBe(false);
  });
});
