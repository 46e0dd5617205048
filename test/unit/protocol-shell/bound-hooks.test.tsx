import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { custom } from "viem";
import { hardhat } from "viem/chains";
import { describe, expect, it, vi } from "vitest";
import { createConfig, WagmiProvider } from "wagmi";
import { useReadSpexTerms, useReadTreasuryName } from "@generated/contracts";

const spex = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
vi.mock("virtual:deployments", () => ({ default: { contracts: { spex: "0x5fbdb2315678afecb367f032d93f642f64180aa3" } } }));

// A chain that never answers: the test looks at the query wagmi builds, not at a result.
const config = createConfig({
  chains: [hardhat],
  transports: { [hardhat.id]: custom({ request: () => new Promise(() => {}) }) },
});
function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient();
  return createElement(WagmiProvider, { config }, createElement(QueryClientProvider, { client }, children));
}

describe("generated hooks", () => {
  it("of a deployed contract read at the address the deployments file gives its name", () => {
    const { result } = renderHook(() => useReadSpexTerms(), { wrapper });
    expect(result.current.queryKey[1]).toMatchObject({ address: spex, functionName: "terms" });
  });

  it("of a contract without one address still take it from the caller", () => {
    const treasury = "0x0000000000000000000000000000000000000001";
    const { result } = renderHook(() => useReadTreasuryName({ address: treasury }), { wrapper });
    expect(result.current.queryKey[1]).toMatchObject({ address: treasury, functionName: "name" });
  });
});
