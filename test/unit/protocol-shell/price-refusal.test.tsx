import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { ContractFunctionExecutionError, ContractFunctionRevertedError, encodeErrorResult } from "viem";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { frontAbi, spexAbi } from "@generated/abis";
import { PRICE_REFUSAL_KEY, priceRefusalOf } from "@/lib/protocol/price-refusal";
import { useProtocolTx } from "@/lib/protocol/use-protocol-tx";
import { setupI18n } from "../support/setup";

vi.mock("wagmi", () => ({ useConfig: () => ({ state: { chainId: 31337 } }) }));
vi.mock("wagmi/actions", () => ({ getClient: () => ({}) }));

const deviation = encodeErrorResult({
  abi: frontAbi,
  errorName: "UniswapV2TwapOracleSpotDeviation",
  args: [2n * 10n ** 18n, 3n * 10n ** 18n, 1_000n],
});
const stale = encodeErrorResult({ abi: frontAbi, errorName: "UniswapV2TwapOracleStale", args: [7_300n, 7_200n] });
const noAverage = encodeErrorResult({ abi: frontAbi, errorName: "UniswapV2TwapOracleNoAverage" });
const lpOff = encodeErrorResult({
  abi: frontAbi,
  errorName: "FrontLpSpotOffAverage",
  args: [96n * 10n ** 16n, 10n ** 18n, 100n],
});

/** A failed read as wagmi hands it over: viem's error for a call of `functionName` on `abi`. */
function readError(abi: typeof frontAbi | typeof spexAbi, functionName: string, data: `0x${string}`) {
  const cause = new ContractFunctionRevertedError({ abi, data, functionName });
  return new ContractFunctionExecutionError(cause, { abi, functionName, args: [] });
}

beforeAll(async () => {
  await setupI18n("en");
});

describe("PEX price refusals", () => {
  it("are told apart from a failed read of Front, whose ABI has the errors", () => {
    expect(priceRefusalOf(readError(frontAbi, "previewBond", deviation))).toBe("moving");
    expect(priceRefusalOf(readError(frontAbi, "previewBond", stale))).toBe("settling");
    expect(priceRefusalOf(readError(frontAbi, "getLpBondParams", noAverage))).toBe("settling");
    expect(priceRefusalOf(readError(frontAbi, "getLpBondParams", lpOff))).toBe("lpMoving");
  });

  it("are recognised when SPEX passes Front's error on (its ABI cannot decode it)", () => {
    const error = readError(spexAbi, "quoteAcceleration", deviation);
    expect(priceRefusalOf(error)).toBe("moving");
  });

  it("are recognised in a decoded revert, and nothing else is one", () => {
    expect(priceRefusalOf("UniswapV2TwapOracleSpotDeviation(2, 3, 1000)")).toBe("moving");
    expect(priceRefusalOf("FrontSlippage(1, 2)")).toBeNull();
    expect(
      priceRefusalOf(readError(frontAbi, "previewBond", encodeErrorResult({ abi: frontAbi, errorName: "FrontNoLiquidity" }))),
    ).toBeNull();
    expect(priceRefusalOf(null)).toBeNull();
    expect(priceRefusalOf(new Error("HTTP request failed"))).toBeNull();
  });

  it("the protocol's transaction runner says what to do, keeping the error for support", async () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useProtocolTx("bond"), { wrapper });
    await act(async () => {
      await result.current.run("ethBond", () => Promise.reject(new Error("execution reverted", { cause: { data: deviation } })));
    });
    expect(result.current.state.phase).toBe("reverted");
    expect(result.current.state.error).toBe(
      "The PEX price is moving fast, so prices are paused until it settles. Please try again in a few minutes. " +
        "(UniswapV2TwapOracleSpotDeviation(2000000000000000000, 3000000000000000000, 1000))",
    );
    await act(async () => {
      await result.current.run("ethBond", () =>
        Promise.reject(
          new Error("execution reverted", {
            cause: { data: encodeErrorResult({ abi: frontAbi, errorName: "FrontZeroAmount" }) },
          }),
        ),
      );
    });
    expect(result.current.state.error).toBe("FrontZeroAmount()");
    await act(async () => {
      await result.current.run("lpBond", () => Promise.reject(new Error("execution reverted", { cause: { data: lpOff } })));
    });
    expect(result.current.state.error).toBe(
      "The pool's PEX price is more than 1 % away from the PEX average price, so LP bonds are paused until it settles. " +
        "Please try again in a few minutes, or use the ETH bond. (FrontLpSpotOffAverage(960000000000000000, 1000000000000000000, 100))",
    );
    expect(PRICE_REFUSAL_KEY.settling).toBe("protocol.price.settling");
  });
});
