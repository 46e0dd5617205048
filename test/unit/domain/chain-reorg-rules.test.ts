import { describe, expect, it } from "vitest";
import { defaultConfirmations, defaultReorgWindow } from "../../../domain/chain-confirmations";
import { debtBlocksSpending, debtRepayment } from "../../../domain/debt";
import { loadConfig } from "../../../server/config";

describe("confirmations and the reorganisation window", () => {
  it("defaults per chain: the local chain 1, BSC 15, any other 12", () => {
    expect(defaultConfirmations(31337)).toBe(1);
    expect(defaultConfirmations(56)).toBe(15);
    expect(defaultConfirmations(1)).toBe(12);
    expect(defaultConfirmations(97)).toBe(12);
  });

  it("re-checks credits over four times the confirmations, at least 64 blocks", () => {
    expect(defaultReorgWindow(1)).toBe(64);
    expect(defaultReorgWindow(15)).toBe(64);
    expect(defaultReorgWindow(30)).toBe(120);
  });

  it("takes the chain's defaults unless configured, and refuses a window shorter than the confirmations", () => {
    expect(loadConfig({}, { CHAIN_ID: "56" })).toMatchObject({ chainConfirmations: 15, chainReorgWindowBlocks: 64 });
    expect(loadConfig({}, {})).toMatchObject({ chainConfirmations: 1, chainReorgWindowBlocks: 64 });
    expect(loadConfig({}, { CHAIN_ID: "56", CHAIN_CONFIRMATIONS: "3" })).toMatchObject({ chainConfirmations: 3 });
    expect(loadConfig({}, { CHAIN_REORG_WINDOW_BLOCKS: "10", CHAIN_CONFIRMATIONS: "5" }).chainReorgWindowBlocks).toBe(10);
    expect(() => loadConfig({}, { CHAIN_REORG_WINDOW_BLOCKS: "4", CHAIN_CONFIRMATIONS: "5" })).toThrow(
      /at least CHAIN_CONFIRMATIONS/,
    );
  });
});

describe("the debt rule", () => {
  it("blocks spending for any debt and takes a credit for the debt first", () => {
    expect(debtBlocksSpending(0n)).toBe(false);
    expect(debtBlocksSpending(1n)).toBe(true);
    expect(debtRepayment(13n, 5n)).toBe(5n);
    expect(debtRepayment(13n, 20n)).toBe(13n);
    expect(debtRepayment(0n, 20n)).toBe(0n);
  });
});
