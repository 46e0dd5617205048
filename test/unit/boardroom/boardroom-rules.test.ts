import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { LANGUAGES } from "@/config/languages";
import { joinBlock, requiredSignatures, seniorityStatus, signBlock } from "@/features/boardroom/utils/boardroom";
import { BOARDROOM_REFUSALS, boardroomRefusal, refusalKey } from "@/features/boardroom/utils/refusal";

describe("requiredSignatures", () => {
  it("is strictly more than two thirds of the directors", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 9].map(requiredSignatures)).toEqual([1, 2, 3, 3, 4, 5, 5, 7]);
    for (let n = 1; n <= 30; n++) {
      const r = requiredSignatures(n);
      expect(r * 3 > n * 2).toBe(true);
      expect((r - 1) * 3 > n * 2).toBe(false);
    }
  });
});

describe("joinBlock", () => {
  const threshold = 10_000n * 10n ** 18n;
  const senior = { director: false, nodeType: 4, ownPrincipal: threshold };
  const held = { senior: true };
  it("follows the contract's checks in order: level, own principal, seniority period, a free seat", () => {
    expect(joinBlock(senior, threshold, held, true)).toBeNull();
    expect(joinBlock({ ...senior, director: true }, threshold, held, false)).toBe("director");
    expect(joinBlock({ ...senior, nodeType: 3 }, threshold, { senior: false }, false)).toBe("notSenior");
    expect(joinBlock({ ...senior, ownPrincipal: threshold - 1n }, threshold, { senior: false }, true)).toBe("belowThreshold");
    expect(joinBlock(senior, threshold, { senior: false }, false)).toBe("seniority");
    expect(joinBlock(senior, threshold, held, false)).toBe("full");
  });
});

describe("seniorityStatus", () => {
  const waiting = { eligible: true, eligibleSince: 1_000n, seniorAt: 1_060n, senior: false };
  it("is none, waiting with the seconds left, or senior by the chain's clock", () => {
    expect(seniorityStatus({ eligible: false, eligibleSince: 0n, seniorAt: 0n, senior: false }, 5_000)).toEqual({ kind: "none" });
    expect(seniorityStatus(waiting, 1_020)).toEqual({ kind: "waiting", since: 1_000n, left: 40 });
    // The chain's clock passes seniorAt before the next read: senior already.
    expect(seniorityStatus(waiting, 1_060)).toEqual({ kind: "senior", since: 1_000n });
    expect(seniorityStatus({ ...waiting, senior: true }, 0)).toEqual({ kind: "senior", since: 1_000n });
  });
});

describe("signBlock", () => {
  const active = { status: 1, endTime: 1_000n };
  it("lets a senior director sign an active proposal once, before its end", () => {
    expect(signBlock(active, 1_000, false, true)).toBeNull();
    expect(signBlock(active, 999, true, true)).toBe("signed");
    expect(signBlock(active, 1_001, false, true)).toBe("expired");
    expect(signBlock({ status: 3, endTime: 1_000n }, 0, false, true)).toBe("expired");
    expect(signBlock({ status: 2, endTime: 1_000n }, 500, false, true)).toBe("executed");
    expect(signBlock(active, 500, false, false)).toBe("notDirector");
    expect(signBlock(active, 500, false, true, false)).toBe("notSenior");
  });
});

describe("boardroomRefusal", () => {
  it("names the DAO refusal a decoded revert carries, and nothing else", () => {
    expect(boardroomRefusal("DaoSeniorityTooShort(0x70997970C51812dc3A010C7d01b50e0d17dc79C8, 1796068116)")).toBe(
      "DaoSeniorityTooShort",
    );
    expect(boardroomRefusal("DaoBoardroomFull(15)")).toBe("DaoBoardroomFull");
    expect(boardroomRefusal("SPexZeroAmount()")).toBeNull();
    expect(boardroomRefusal("User rejected the request.")).toBeNull();
    expect(boardroomRefusal(null)).toBeNull();
  });

  it("has a message for every refusal in every locale", () => {
    for (const lang of LANGUAGES) {
      const file = path.resolve(__dirname, `../../../locales/${lang}.json`);
      const texts = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
      for (const r of BOARDROOM_REFUSALS) expect(texts[refusalKey(r)], `${lang}: ${r}`).toBeTruthy();
    }
  });
});
