import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Abi } from "viem";
import { describe, expect, it } from "vitest";
import { gameAbi as wholeGameAbi } from "@generated/abis";
import { gameAbi } from "@generated/abi/game";
import { appAbi, appNames, appWords } from "../../../scripts/app-abi";

// ADR-0218: the web app's per-contract ABI modules hold what the app calls, and every error.

const abi: Abi = [
  { type: "constructor", inputs: [], stateMutability: "nonpayable" },
  {
    type: "function",
    name: "join",
    stateMutability: "nonpayable",
    inputs: [
      {
        name: "terms",
        type: "tuple",
        internalType: "struct Terms",
        components: [{ name: "fee", type: "uint16", internalType: "uint16" }],
      },
    ],
    outputs: [],
  },
  { type: "function", name: "sweep", stateMutability: "nonpayable", inputs: [], outputs: [] },
  {
    type: "event",
    name: "Joined",
    inputs: [{ name: "player", type: "address", indexed: true, internalType: "address" }],
    anonymous: false,
  },
  { type: "event", name: "Swept", inputs: [], anonymous: false },
  { type: "error", name: "NotOpen", inputs: [{ name: "round", type: "uint256", internalType: "uint256" }] },
];

describe("the app's part of an ABI", () => {
  it("keeps the functions and events the app names, and every error; drops the rest and the internal types", () => {
    const kept = appAbi(abi, (name) => name === "join" || name === "Joined");
    expect(kept.map((item) => ("name" in item ? item.name : item.type))).toEqual(["join", "Joined", "NotOpen"]);
    expect(JSON.stringify(kept)).not.toContain("internalType");
    expect(kept[0]).toMatchObject({ inputs: [{ name: "terms", type: "tuple", components: [{ name: "fee", type: "uint16" }] }] });
  });

  it("counts a function as named when a generated hook's name ends with it", () => {
    const used = appNames(new Set(["useWriteGameSetAutoJoin", "eventName", "Joined"]));
    expect(used("setAutoJoin")).toBe(true);
    expect(used("Joined")).toBe(true);
    expect(used("sweep")).toBe(false);
  });

  it("reads the words of every source file below the folder", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-abi-"));
    fs.mkdirSync(path.join(dir, "feature"));
    fs.writeFileSync(path.join(dir, "feature", "read.tsx"), 'read({ functionName: "getRound" });');
    fs.writeFileSync(path.join(dir, "notes.md"), "sweep");
    const words = appWords(dir);
    expect(words.has("getRound")).toBe(true);
    expect(words.has("sweep")).toBe(false);
  });

  it("leaves the keepers' and the admins' functions out of the module the lottery page loads", () => {
    const names = (list: readonly { type: string; name?: string }[]) =>
      list.filter((i) => i.type === "function").map((i) => i.name);
    expect(names(wholeGameAbi)).toEqual(expect.arrayContaining(["setLotteryTerms", "requestDraw", "sweep"]));
    expect(names(gameAbi)).not.toEqual(expect.arrayContaining(["setLotteryTerms"]));
    expect(names(gameAbi)).not.toContain("requestDraw");
    expect(names(gameAbi)).not.toContain("sweep");
    expect(names(gameAbi)).toEqual(expect.arrayContaining(["join", "withdraw", "getRound"]));
    expect(gameAbi.filter((i) => i.type === "error")).toHaveLength(wholeGameAbi.filter((i) => i.type === "error").length);
    expect(JSON.stringify(gameAbi)).not.toContain("internalType");
  });
});
