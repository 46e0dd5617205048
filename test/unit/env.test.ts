import { describe, expect, it } from "vitest";
import { parseEnv } from "@/config/env-schema";

describe("parseEnv", () => {
  it("applies the defaults", () => {
    expect(parseEnv({})).toEqual({
      apiBase: "",
      rpcUrl: "http://127.0.0.1:8545",
      chainId: 31337,
      walletConnectProjectId: undefined,
      explorerUrl: undefined,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    });
  });

  it("names the native coin per chain (BNB on BSC and its testnet) unless configured", () => {
    expect(parseEnv({ VITE_CHAIN_ID: "56" }).nativeCurrency).toEqual({ name: "BNB", symbol: "BNB", decimals: 18 });
    expect(parseEnv({ VITE_CHAIN_ID: "97" }).nativeCurrency.symbol).toBe("BNB");
    expect(parseEnv({ VITE_CHAIN_ID: "1" }).nativeCurrency.symbol).toBe("ETH");
    expect(
      parseEnv({ VITE_CHAIN_ID: "97", VITE_NATIVE_CURRENCY_SYMBOL: "tBNB", VITE_NATIVE_CURRENCY_NAME: "Test BNB" })
        .nativeCurrency,
    ).toEqual({
      name: "Test BNB",
      symbol: "tBNB",
      decimals: 18,
    });
    // What wallet_addEthereumChain would refuse fails the build instead.
    expect(() => parseEnv({ VITE_NATIVE_CURRENCY_SYMBOL: "B" })).toThrow(/VITE_NATIVE_CURRENCY_.*2 to 6/);
    expect(() => parseEnv({ VITE_NATIVE_CURRENCY_DECIMALS: "-1" })).toThrow(/VITE_NATIVE_CURRENCY_/);
  });

  it("treats blank values as unset and trims trailing slashes", () => {
    const env = parseEnv({ VITE_API_BASE: "https://api.example.com/", VITE_WALLETCONNECT_PROJECT_ID: "", VITE_CHAIN_ID: "56" });
    expect(env.apiBase).toBe("https://api.example.com");
    expect(env.walletConnectProjectId).toBeUndefined();
    expect(env.chainId).toBe(56);
  });

  it("fails loudly on a bad value, naming it", () => {
    expect(() => parseEnv({ VITE_CHAIN_ID: "abc" })).toThrow(/VITE_CHAIN_ID/);
    expect(() => parseEnv({ VITE_RPC_URL: "not a url" })).toThrow(/VITE_RPC_URL/);
    expect(() => parseEnv({ VITE_API_BASE: "api.example.com" })).toThrow(/VITE_API_BASE/);
  });
});
