import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { encodeErrorResult } from "viem";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { gameAbi } from "@generated/abis";
import { getToast } from "@/lib/toast";
import { useTransactor } from "@/lib/wallet/use-transactor";
import { setupI18n } from "../support/setup";

const chain = vi.hoisted(() => ({
  waitForTransactionReceipt: vi.fn(),
  getTransaction: vi.fn(),
  call: vi.fn(),
}));
vi.mock("wagmi", () => ({ useConfig: () => ({ state: { chainId: 31337 } }) }));
vi.mock("wagmi/actions", () => ({ getClient: () => ({}) }));
vi.mock("viem/actions", () => chain);

const HASH = `0x${"ab".repeat(32)}` as const;
const OTHER = `0x${"cd".repeat(32)}` as const;

beforeAll(async () => {
  await setupI18n("en");
});
beforeEach(() => {
  localStorage.clear();
  chain.waitForTransactionReceipt.mockReset();
  chain.getTransaction.mockReset();
  chain.call.mockReset();
});
afterEach(() => vi.clearAllMocks());

function setup(onConfirmed = vi.fn()) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, "invalidateQueries");
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useTransactor({ key: "test", abi: gameAbi, onConfirmed }), { wrapper });
  return { ...hook, invalidate, onConfirmed };
}

describe("transaction runner", () => {
  it("goes waiting → submitted → confirming → confirmed, keeps the hash until mined and refreshes reads", async () => {
    let mine!: (receipt: unknown) => void;
    chain.waitForTransactionReceipt.mockReturnValue(new Promise((r) => (mine = r)));
    let send!: (hash: `0x${string}`) => void;
    const { result, invalidate, onConfirmed } = setup();
    let done!: Promise<unknown>;
    act(() => {
      done = result.current.run("approve", () => new Promise((r) => (send = r)));
    });
    expect(result.current.state.phase).toBe("waiting");
    expect(result.current.busy).toBe(true);
    await act(async () => send(HASH));
    await waitFor(() => expect(result.current.state.phase).toBe("confirming"));
    expect(result.current.state.hash).toBe(HASH);
    expect(JSON.parse(localStorage.getItem("pendingTx:test")!)).toMatchObject({ hash: HASH, label: "approve", chainId: 31337 });
    await act(async () => {
      mine({ status: "success", blockNumber: 5n, transactionHash: HASH });
      await done;
    });
    expect(result.current.state.phase).toBe("confirmed");
    expect(localStorage.getItem("pendingTx:test")).toBeNull();
    expect(onConfirmed).toHaveBeenCalledWith(expect.objectContaining({ status: "success" }), "approve");
    expect(invalidate).toHaveBeenCalled();
    expect(getToast()?.text).toBe("Transaction confirmed");
  });

  it("a send that signs a permit first goes signing → waiting → confirming; a refused signature is a rejection", async () => {
    chain.waitForTransactionReceipt.mockResolvedValue({ status: "success", blockNumber: 5n, transactionHash: HASH });
    const { result } = setup();
    let sign!: () => void;
    let send!: (hash: `0x${string}`) => void;
    let done!: Promise<unknown>;
    act(() => {
      done = result.current.run(
        "stake",
        async ({ signed }) => {
          await new Promise<void>((r) => (sign = r));
          signed();
          return new Promise((r) => (send = r));
        },
        { signsFirst: true },
      );
    });
    expect(result.current.state.phase).toBe("signing");
    expect(result.current.busy).toBe(true);
    await act(async () => sign());
    expect(result.current.state.phase).toBe("waiting");
    await act(async () => {
      send(HASH);
      await done;
    });
    expect(result.current.state.phase).toBe("confirmed");
    await act(async () => {
      await result.current.run("stake", () => Promise.reject(Object.assign(new Error("User rejected"), { code: 4001 })), {
        signsFirst: true,
      });
    });
    expect(result.current.state).toMatchObject({ phase: "rejected", hash: null });
  });

  it("reports a rejection in the wallet without a hash", async () => {
    const { result } = setup();
    await act(async () => {
      await result.current.run("approve", () => Promise.reject(Object.assign(new Error("User rejected"), { code: 4001 })));
    });
    expect(result.current.state).toMatchObject({ phase: "rejected", hash: null });
    expect(chain.waitForTransactionReceipt).not.toHaveBeenCalled();
  });

  it("decodes the custom error of a transaction reverted on chain by replaying it", async () => {
    chain.waitForTransactionReceipt.mockResolvedValue({ status: "reverted", blockNumber: 9n, transactionHash: HASH });
    chain.getTransaction.mockResolvedValue({ from: "0x1", to: "0x2", input: "0x", value: 0n });
    const data = encodeErrorResult({ abi: gameAbi, errorName: "GameZeroAmount" });
    chain.call.mockRejectedValue(new Error("execution reverted", { cause: { data } }));
    const { result, onConfirmed } = setup();
    let receipt: unknown;
    await act(async () => {
      receipt = await result.current.run("recharge", () => Promise.resolve(HASH));
    });
    expect(receipt).toBeNull();
    expect(result.current.state).toMatchObject({ phase: "reverted", error: "GameZeroAmount()", hash: HASH });
    expect(chain.call).toHaveBeenCalledWith({}, expect.objectContaining({ blockNumber: 9n }));
    expect(onConfirmed).not.toHaveBeenCalled();
    expect(getToast()?.text).toBe("Transaction reverted: GameZeroAmount()");
  });

  it("resumes waiting for a transaction submitted before a reload", async () => {
    localStorage.setItem("pendingTx:test", JSON.stringify({ hash: OTHER, label: "recharge", chainId: 31337, submittedAt: 1 }));
    chain.waitForTransactionReceipt.mockResolvedValue({ status: "success", blockNumber: 3n, transactionHash: OTHER });
    const { result, onConfirmed } = setup();
    expect(result.current.state).toMatchObject({ phase: "confirming", hash: OTHER, label: "recharge" });
    await waitFor(() => expect(result.current.state.phase).toBe("confirmed"));
    expect(chain.waitForTransactionReceipt).toHaveBeenCalledWith({}, { hash: OTHER });
    expect(onConfirmed).toHaveBeenCalledWith(expect.anything(), "recharge");
    expect(localStorage.getItem("pendingTx:test")).toBeNull();
  });
});
