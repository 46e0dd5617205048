/**
 * Chain facts on the server come from configuration and the deployments file, not from code: the
 * native coin (ETH locally, BNB on BSC), USDT's decimals and the DEX's fee as the deploy recorded
 * them, and the lottery's default entry price in the token's own decimals.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { lotteryTicketPrice } from "../../server/jobs/lottery-keeper";
import { chainOf, readChainContracts } from "../../server/lib/chain";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chain-facts-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("chain facts", () => {
  it("name the native coin per chain unless configured, for viem's chain too", () => {
    expect(loadConfig({}).nativeCurrency).toEqual({ name: "Ether", symbol: "ETH", decimals: 18 });
    const bsc = loadConfig({ CHAIN_ID: "56", LOTTERY_KEEPER_INTERVAL_MS: "0" });
    expect(bsc.nativeCurrency).toEqual({ name: "BNB", symbol: "BNB", decimals: 18 });
    expect(chainOf(bsc).nativeCurrency.symbol).toBe("BNB");
    expect(loadConfig({ CHAIN_ID: "97", NATIVE_CURRENCY_SYMBOL: "tBNB" }).nativeCurrency.symbol).toBe("tBNB");
    expect(() => loadConfig({ NATIVE_CURRENCY_SYMBOL: "TOOLONGSYM" })).toThrow(/NATIVE_CURRENCY_/);
  });

  it("read USDT's decimals and the DEX's fee from the deployments file", () => {
    const file = path.join(dir, "deployments.json");
    fs.writeFileSync(
      file,
      JSON.stringify({
        chainId: 56,
        genesisHash: `0x${"0d".repeat(32)}`,
        startBlock: 1,
        deployedAt: new Date(0).toISOString(),
        contracts: { usdt: "0x55d398326f99059ff775485246999027b3197955", game: `0x${"22".repeat(20)}` },
        usdtDecimals: 18,
        dex: { feeBps: 25 },
      }),
    );
    const contracts = readChainContracts(file, 56)!;
    expect(contracts.deployments.usdtDecimals).toBe(18);
    expect(contracts.deployments.dex).toEqual({ feeBps: 25 });
  });

  it("price a lottery entry at one whole USDT in the token's decimals unless configured", () => {
    expect(loadConfig({}).lotteryTicketPrice).toBeNull();
    expect(lotteryTicketPrice(null, 18)).toBe(10n ** 18n);
    expect(lotteryTicketPrice(null, 6)).toBe(1_000_000n);
    expect(lotteryTicketPrice(null, undefined)).toBe(1_000_000n);
    expect(lotteryTicketPrice(5n, 18)).toBe(5n);
    expect(loadConfig({ LOTTERY_TICKET_PRICE: "2000000" }).lotteryTicketPrice).toBe(2_000_000n);
  });
});
