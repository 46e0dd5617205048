import { renderHook } from "@testing-library/react";
import { zeroAddress } from "viem";
import { describe, expect, it, vi } from "vitest";
import { spexAbi } from "@generated/abis";
import { useNamedReads } from "@/lib/protocol/use-named-reads";

// wagmi's multicall as the helper sees it: the contracts it was handed, and results in their order.
const useReadContracts = vi.fn();
vi.mock("wagmi", () => ({ useReadContracts: (p: unknown) => useReadContracts(p) }));

const spex = "0x5fbdb2315678afecb367f032d93f642f64180aa3";

describe("useNamedReads", () => {
  it("hands wagmi the reads in the order they were named and names each result after its read", () => {
    useReadContracts.mockReturnValue({ data: [7n, 10_000n, 42n], isError: false });
    const { result } = renderHook(() =>
      useNamedReads(
        {
          nextRebase: { address: spex, abi: spexAbi, functionName: "getNextRebase" },
          denominator: { address: spex, abi: spexAbi, functionName: "RATE_DENOMINATOR" },
          balance: { address: spex, abi: spexAbi, functionName: "balanceOf", args: [zeroAddress] },
        },
        { query: { refetchInterval: 30_000 } },
      ),
    );
    const params = useReadContracts.mock.calls[0]![0] as { allowFailure: boolean; contracts: { functionName: string }[] };
    expect(params.allowFailure).toBe(false);
    expect(params.contracts.map((c) => c.functionName)).toEqual(["getNextRebase", "RATE_DENOMINATOR", "balanceOf"]);
    expect(result.current.data).toEqual({ nextRebase: 7n, denominator: 10_000n, balance: 42n });
    expect(result.current.isError).toBe(false);
  });

  it("keeps each read's outcome with allowFailure, so one refusal leaves the others readable", () => {
    const refused = new Error("refused");
    useReadContracts.mockReturnValue({
      data: [
        { status: "success", result: 7n },
        { status: "failure", error: refused },
      ],
    });
    const { result } = renderHook(() =>
      useNamedReads(
        {
          nextRebase: { address: spex, abi: spexAbi, functionName: "getNextRebase" },
          denominator: { address: spex, abi: spexAbi, functionName: "RATE_DENOMINATOR" },
        },
        { allowFailure: true },
      ),
    );
    expect(result.current.data?.nextRebase).toEqual({ status: "success", result: 7n });
    expect(result.current.data?.denominator).toEqual({ status: "failure", error: refused });
  });

  it("has no data while the batch has none (not deployed, or still loading)", () => {
    useReadContracts.mockReturnValue({ data: undefined });
    const { result } = renderHook(() =>
      useNamedReads({ nextRebase: { address: undefined, abi: spexAbi, functionName: "getNextRebase" } }),
    );
    expect(result.current.data).toBeUndefined();
  });
});
