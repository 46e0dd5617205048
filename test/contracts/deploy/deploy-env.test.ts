/**
 * The chain facts a deploy takes from the environment: no stand-in may reach BSC, the bond feed's
 * two names must agree, the DEX's fee defaults per chain and the test USDT's decimals apply only
 * to a test USDT.
 */
import { describe, expect, it } from "vitest";
import { chainFactsFromEnv, defaultDexFeeBps } from "../../../scripts/protocol/deploy-env";

const BSC_USDT = "0x55d398326f99059fF775485246999027B3197955";
const BNB_USD = "0x0567F2323251f0Aab15c8dFb1967E4e8A7D42aeE";
const PANCAKE_ROUTER = "0x10ED43C718714eb63d5aA57B78B54704E256024E";

describe("a deploy's chain facts", () => {
  it("refuse to put a stand-in on BSC: its USDT, Chainlink's BNB/USD and PancakeSwap's router are required", () => {
    const bsc = { USDT_ADDRESS: BSC_USDT, NATIVE_USD_FEED: BNB_USD, UNISWAP_V2_ROUTER: PANCAKE_ROUTER };
    expect(chainFactsFromEnv(bsc, 56)).toMatchObject({ existing: { usdt: BSC_USDT, nativeUsdFeed: BNB_USD }, dexFeeBps: 25 });
    for (const name of Object.keys(bsc))
      expect(() => chainFactsFromEnv({ ...bsc, [name]: "" }, 56)).toThrow(new RegExp(`${name} is required on BSC`));
    // The testnet may use stand-ins (a test USDT of BSC's decimals, say).
    expect(chainFactsFromEnv({ TEST_USDT_DECIMALS: "18" }, 97)).toMatchObject({ usdtDecimals: 18, usdtSupply: 10n ** 27n });
  });

  it("take the bond feed as NATIVE_USD_FEED or its earlier name, never two different ones", () => {
    expect(chainFactsFromEnv({ ETH_USD_FEED: BNB_USD }, 31337).existing?.nativeUsdFeed).toBe(BNB_USD);
    expect(chainFactsFromEnv({ ETH_USD_FEED: BNB_USD, NATIVE_USD_FEED: BNB_USD.toLowerCase() }, 31337).existing?.nativeUsdFeed).toBe(
      BNB_USD.toLowerCase(),
    );
    expect(() => chainFactsFromEnv({ ETH_USD_FEED: BNB_USD, NATIVE_USD_FEED: PANCAKE_ROUTER }, 31337)).toThrow(/name different feeds/);
    expect(() => chainFactsFromEnv({ NATIVE_USD_FEED: "0x1234" }, 31337)).toThrow(/not an address/);
  });

  it("default the DEX fee per chain and refuse one a V2 pair cannot take; test USDT decimals only for a test USDT", () => {
    expect([defaultDexFeeBps(31337), defaultDexFeeBps(56), defaultDexFeeBps(97), defaultDexFeeBps(1)]).toEqual([30, 25, 25, 30]);
    expect(chainFactsFromEnv({ DEX_FEE_BPS: "25" }, 31337).dexFeeBps).toBe(25);
    expect(() => chainFactsFromEnv({ DEX_FEE_BPS: "10000" }, 31337)).toThrow(RangeError);
    expect(chainFactsFromEnv({}, 31337)).toMatchObject({ usdtDecimals: 6, usdtSupply: 10n ** 15n });
    expect(() => chainFactsFromEnv({ TEST_USDT_DECIMALS: "18", USDT_ADDRESS: BSC_USDT }, 31337)).toThrow(/TEST_USDT_DECIMALS/);
  });
});
