import { screen, waitFor } from "@testing-library/react";
import { encodeFunctionResult } from "viem";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DashboardFigures } from "@/features/dashboard/components/dashboard-figures";
import { appChain } from "@/config/chain";
import { frontAbi } from "@generated/abis";
import { formatChainTime } from "@/lib/protocol/time";
import { renderWithClient } from "../support/render-with-client";
import { autoCleanup, setupI18n } from "../support/setup";

vi.mock("@/lib/protocol/addresses", () => ({ protocolAddress: { front: "0x68b1d87f95878fe05b998f19b66f4baba5de1aed" } }));

autoCleanup();
beforeAll(async () => {
  await setupI18n("en");
});

const E18 = 10n ** 18n;
const SNAPSHOT_AT = 1_795_000_000_000;
const snapshot = {
  at: SNAPSHOT_AT,
  block: 42,
  synthetic: false,
  marketCap: (30_000_000n * E18).toString(),
  pexPrice: (3n * E18).toString(),
  backingPerPex: (E18 / 20n).toString(),
  pexTotalSupply: (10_000_000n * E18).toString(),
  winPrice: ((11n * E18) / 10n).toString(),
  winVault: (1540n * E18).toString(),
  win1Price: ((105n * E18) / 100n).toString(),
  win1Vault: (1050n * E18).toString(),
  treasury1Value: (54_152n * E18).toString(),
  treasury2Value: (612_000n * E18).toString(),
  totalDepositedPex: (55_800n * E18).toString(),
  polLiquidity: (3225n * E18).toString(),
  polValue: (612_000n * E18).toString(),
  ethPrice: (2990n * E18).toString(),
  polShareBps: "9998",
};
/** A snapshot recorded before it kept the ETH price and the pool share. */
let servedSnapshot: Record<string, unknown> = snapshot;
/** The server's reading at the head (GET protocol/figures); null: it could not read the chain. */
let servedFigures: Record<string, unknown> | null = null;
const chainDashboard = {
  marketCap: 31_000_000n * E18,
  pexPrice: (31n * E18) / 10n,
  backingPerPex: E18 / 20n,
  pexTotalSupply: 10_000_000n * E18,
  winPrice: (11n * E18) / 10n,
  winVault: 1540n * E18,
  win1Price: (105n * E18) / 100n,
  win1Vault: 1050n * E18,
  treasury1Value: 54_152n * E18,
  treasury2Value: 612_000n * E18,
  riskFreeValue: 0n,
  totalDepositedPex: 55_800n * E18,
  spexSupply: 0n,
  polLiquidity: 3225n * E18,
  polShareBps: 9999n,
  polValue: 612_000n * E18,
  ethPrice: 3000n * E18,
  nextRebase: 0n,
  rewardRate: 0n,
};
const BLOCK = { number: "0x64", timestamp: "0x6a000000" }; // block 100

/** The chain's answers wait for `releaseChain`, so the test sees what is painted before them. */
let releaseChain: () => void;
let chainReleased: Promise<void>;
let calls: string[];
beforeEach(() => {
  calls = [];
  servedSnapshot = snapshot;
  servedFigures = null;
  chainReleased = new Promise((resolve) => (releaseChain = resolve));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith("/protocol/figures")) {
        calls.push("figures");
        return new Response(JSON.stringify({ code: 0, msg: "ok", data: { figures: servedFigures } }));
      }
      if (url.endsWith("/protocol/snapshots/latest")) {
        calls.push("snapshot");
        return new Response(JSON.stringify({ code: 0, msg: "ok", data: { snapshot: servedSnapshot } }));
      }
      if (url === appChain.rpcUrl) {
        const { method, params } = JSON.parse(String(init?.body)) as { method: string; params: unknown[] };
        calls.push(method);
        await chainReleased;
        const result =
          method === "eth_getBlockByNumber"
            ? BLOCK
            : encodeFunctionResult({ abi: frontAbi, functionName: "getDashboard", result: chainDashboard });
        if (method === "eth_call") expect(params).toEqual([{ to: expect.any(String), data: "0x8fa3c388" }, BLOCK.number]);
        return new Response(JSON.stringify({ jsonrpc: "2.0", id: 1, result }));
      }
      throw new Error(`unexpected ${url}`);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const text = (id: string) => screen.getByTestId(id).textContent;

describe("dashboard figures", () => {
  it("paints the server's reading at the head with its block, then the live chain read; no snapshot is asked for", async () => {
    const dashboard = Object.fromEntries(
      Object.entries(chainDashboard).map(([k, v]) => [k, (k === "marketCap" ? v - E18 * 1_000_000n : v).toString()]),
    );
    servedFigures = {
      block: { number: "99", timestamp: String(0x6a000000 - 3) },
      dashboard,
      stake: null,
      bonds: null,
      lottery: null,
    };
    renderWithClient(<DashboardFigures />);
    await waitFor(() => expect(screen.getByTestId("dashboard-now").getAttribute("data-source")).toBe("server"));
    expect(text("as-of-block")).toBe(`As of block #99, ${formatChainTime(0x6a000000 - 3)}`);
    expect(text("fig-marketCap")).toBe("$30,000,000.00");
    expect(text("fig-pol")).toBe("3,225.0000 LP · 99.99% · $612,000.00");
    expect(screen.getByTestId("dashboard-now").getAttribute("aria-busy")).toBe("true");
    releaseChain();
    await waitFor(() => expect(screen.getByTestId("dashboard-now").getAttribute("data-source")).toBe("chain"));
    expect(text("as-of-block")).toBe(`As of block #100, ${formatChainTime(0x6a000000)}`);
    expect(text("fig-marketCap")).toBe("$31,000,000.00");
    expect(calls).not.toContain("snapshot");
  });

  it("paints the newest snapshot with its block and time at once, then the live chain read", async () => {
    renderWithClient(<DashboardFigures />);
    // Before anything answered, the card already has every row (its final size).
    expect(screen.getByTestId("dashboard-now").getAttribute("data-source")).toBe("none");
    expect(text("fig-marketCap")).toBe("…");
    expect(text("fig-pol")).toBe("…");

    await waitFor(() => expect(screen.getByTestId("dashboard-now").getAttribute("data-source")).toBe("snapshot"));
    expect(text("as-of-block")).toBe(`Snapshot of block #42, ${formatChainTime(Math.floor(SNAPSHOT_AT / 1000))}`);
    expect(text("fig-marketCap")).toBe("$30,000,000.00");
    expect(text("fig-pexPrice")).toBe("$3.000");
    expect(text("fig-pol")).toBe("3,225.0000 LP · 99.98% · $612,000.00");
    expect(text("fig-ethPrice")).toBe("$2,990.000");
    expect(calls).toContain("eth_getBlockByNumber");
    expect(screen.getByTestId("dashboard-now").getAttribute("aria-busy")).toBe("true");

    releaseChain();
    await waitFor(() => expect(screen.getByTestId("dashboard-now").getAttribute("data-source")).toBe("chain"));
    expect(text("as-of-block")).toBe(`As of block #100, ${formatChainTime(0x6a000000)}`);
    expect(text("fig-marketCap")).toBe("$31,000,000.00");
    expect(text("fig-pexPrice")).toBe("$3.100");
    expect(text("fig-pol")).toBe("3,225.0000 LP · 99.99% · $612,000.00");
    expect(text("fig-ethPrice")).toBe("$3,000.000");
    expect(screen.getByTestId("dashboard-now").getAttribute("aria-busy")).toBe("false");
  });

  it("leaves the ETH price and the pool share to the chain when an older snapshot lacks them", async () => {
    servedSnapshot = { ...snapshot, ethPrice: null, polShareBps: null };
    renderWithClient(<DashboardFigures />);
    await waitFor(() => expect(screen.getByTestId("dashboard-now").getAttribute("data-source")).toBe("snapshot"));
    expect(text("fig-pol")).toBe("3,225.0000 LP · … · $612,000.00");
    expect(text("fig-ethPrice")).toBe("…");
    releaseChain();
    await waitFor(() => expect(text("fig-ethPrice")).toBe("$3,000.000"));
  });
});
