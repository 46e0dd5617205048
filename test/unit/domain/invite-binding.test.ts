import { describe, expect, it } from "vitest";
import {
  agreesWithChain,
  BIND_RETRY_BASE_MS,
  BIND_RETRY_MAX_MS,
  bindRetryDelayMs,
  chainInviterForDatabase,
} from "@domain/invite-binding";

const ROOT = "0x00000000000000000000000000000000000000aA" as const;
const ALICE = "0x00000000000000000000000000000000000000Bb" as const;

describe("the invitation tree on chain and in the database", () => {
  it("maps a binding on chain to the database's inviter: none for a root or under the tree's root", () => {
    expect(chainInviterForDatabase({ registered: false, inviter: null }, ROOT)).toBeUndefined();
    expect(chainInviterForDatabase({ registered: true, inviter: null }, ROOT)).toBeNull();
    expect(chainInviterForDatabase({ registered: true, inviter: ROOT.toLowerCase() as `0x${string}` }, ROOT)).toBeNull();
    expect(chainInviterForDatabase({ registered: true, inviter: ALICE }, ROOT)).toBe(ALICE);
  });

  it("tells whether the chain agrees with the database, addresses in any case", () => {
    const underAlice = { registered: true, inviter: ALICE };
    expect(agreesWithChain(underAlice, ROOT, ALICE.toLowerCase())).toBe(true);
    expect(agreesWithChain(underAlice, ROOT, null)).toBe(false);
    expect(agreesWithChain(underAlice, ROOT, ROOT)).toBe(false);
    const underRoot = { registered: true, inviter: ROOT };
    expect(agreesWithChain(underRoot, ROOT, null)).toBe(true);
    expect(agreesWithChain(underRoot, ROOT, ROOT.toLowerCase())).toBe(true);
    expect(agreesWithChain(underRoot, ROOT, ALICE)).toBe(false);
    const aRoot = { registered: true, inviter: null };
    expect(agreesWithChain(aRoot, ROOT, null)).toBe(true);
    expect(agreesWithChain(aRoot, ROOT, ALICE)).toBe(false);
  });

  it("waits longer after each failed attempt, up to a cap", () => {
    expect([1, 2, 3, 4].map(bindRetryDelayMs)).toEqual([1, 2, 4, 8].map((n) => n * BIND_RETRY_BASE_MS));
    expect(bindRetryDelayMs(0)).toBe(BIND_RETRY_BASE_MS);
    expect(bindRetryDelayMs(8)).toBe(BIND_RETRY_MAX_MS);
    expect(bindRetryDelayMs(1_000)).toBe(BIND_RETRY_MAX_MS);
  });
});
