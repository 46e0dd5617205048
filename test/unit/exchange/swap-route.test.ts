import { describe, expect, it } from "vitest";
import { poolOf, routeHops, routerFunction, SWAP_TOKENS, swapRoute } from "@/features/exchange/utils/swap-route";

describe("swap route", () => {
  it("goes straight through a PEX pool, and through PEX between ETH and USDB", () => {
    expect(swapRoute("ETH", "PEX")).toEqual(["ETH", "PEX"]);
    expect(swapRoute("PEX", "USDB")).toEqual(["PEX", "USDB"]);
    expect(swapRoute("USDB", "ETH")).toEqual(["USDB", "PEX", "ETH"]);
    expect(swapRoute("ETH", "USDB")).toEqual(["ETH", "PEX", "USDB"]);
  });

  it("every hop of every pair of tokens is a pool that exists", () => {
    for (const from of SWAP_TOKENS)
      for (const to of SWAP_TOKENS) {
        if (from === to) continue;
        const route = swapRoute(from, to);
        expect(route[0]).toBe(from);
        expect(route.at(-1)).toBe(to);
        for (let i = 1; i < route.length; i++) expect(["ETH", "USDB"]).toContain(poolOf(route[i - 1]!, route[i]!));
      }
    expect(() => poolOf("ETH", "USDB")).toThrow();
  });

  it("picks the router function by where ETH is", () => {
    expect(routerFunction("ETH", "PEX")).toBe("swapExactETHForTokens");
    expect(routerFunction("ETH", "USDB")).toBe("swapExactETHForTokens");
    expect(routerFunction("PEX", "ETH")).toBe("swapExactTokensForETH");
    expect(routerFunction("USDB", "ETH")).toBe("swapExactTokensForETH");
    expect(routerFunction("USDB", "PEX")).toBe("swapExactTokensForTokens");
    expect(routerFunction("PEX", "USDB")).toBe("swapExactTokensForTokens");
  });

  it("orients each pool along the route, and says when a pool is missing", () => {
    const pools = { ETH: { pex: 100_000n, other: 100n }, USDB: { pex: 100_000n, other: 300_000n } };
    expect(routeHops(["USDB", "PEX", "ETH"], pools)).toEqual([
      { reserveIn: 300_000n, reserveOut: 100_000n },
      { reserveIn: 100_000n, reserveOut: 100n },
    ]);
    expect(routeHops(["PEX", "USDB"], pools)).toEqual([{ reserveIn: 100_000n, reserveOut: 300_000n }]);
    expect(routeHops(["ETH", "PEX", "USDB"], { ETH: pools.ETH })).toBeNull();
  });
});
