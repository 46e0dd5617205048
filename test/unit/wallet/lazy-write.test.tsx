import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { custom, erc20Abi } from "viem";
import { hardhat } from "viem/chains";
import { describe, expect, it, vi } from "vitest";
import { createConfig, WagmiProvider } from "wagmi";
import { spexAbi } from "@generated/abi/spex";
import { useWriteSpexStake } from "@generated/hooks/spex";
import { useWriteContract } from "@/lib/wallet/lazy-write";

const SPEX = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const HASH = `0x${"ab".repeat(32)}`;
vi.mock("virtual:deployments", () => ({ default: { contracts: { spex: "0x5fbdb2315678afecb367f032d93f642f64180aa3" } } }));

// The write code's module, observed: its factory runs when the module is first imported.
const writes = vi.hoisted(() => ({ loaded: false, writeContract: vi.fn() }));
vi.mock("@/lib/wallet/chain-writes", () => {
  writes.loaded = true;
  return { writeContract: writes.writeContract };
});

const config = createConfig({
  chains: [hardhat],
  transports: { [hardhat.id]: custom({ request: () => new Promise(() => {}) }) },
});
function wrapper({ children }: { children: ReactNode }) {
  return createElement(WagmiProvider, { config }, createElement(QueryClientProvider, { client: new QueryClient() }, children));
}

describe("writes with the transaction code loaded on the first send", () => {
  it("a generated write hook sends through wagmi's writeContract with the contract's ABI, deployed address and function", async () => {
    writes.writeContract.mockResolvedValue(HASH);
    const { result } = renderHook(() => useWriteSpexStake(), { wrapper });
    // Rendering the page's write hooks loads none of the transaction code.
    expect(writes.loaded).toBe(false);
    let hash: string | undefined;
    await act(async () => {
      hash = await result.current.writeContractAsync({ args: [10n ** 18n, 7n] });
    });
    expect(writes.loaded).toBe(true);
    expect(hash).toBe(HASH);
    expect(writes.writeContract).toHaveBeenCalledWith(config, {
      args: [10n ** 18n, 7n],
      address: SPEX,
      functionName: "stake",
      abi: spexAbi,
    });
  });

  it("the plain hook passes the call as given and hands back wagmi's rejection unchanged", async () => {
    const rejection = Object.assign(new Error("User rejected the request."), { name: "UserRejectedRequestError", code: 4001 });
    writes.writeContract.mockRejectedValue(rejection);
    const { result } = renderHook(() => useWriteContract(), { wrapper });
    const call = { address: SPEX, abi: erc20Abi, functionName: "approve", args: [SPEX, 5n] } as const;
    await expect(result.current.writeContractAsync(call)).rejects.toBe(rejection);
    expect(writes.writeContract).toHaveBeenLastCalledWith(config, call);
  });
});
