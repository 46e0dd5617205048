import { describe, expect, it } from "vitest";
import { encodeErrorResult } from "viem";
import { gameAbi } from "@generated/abis";
import { explorerTxLink } from "@/lib/wallet/explorer";
import { clearPendingTx, loadPendingTx, savePendingTx } from "@/lib/wallet/pending-tx";
import { decodeRevert, parseTxError } from "@/lib/wallet/tx-error";

describe("transaction runner helpers", () => {
  it("classifies a wallet refusal", () => {
    expect(parseTxError({ code: 4001, message: "User rejected" })).toEqual({ kind: "rejected", message: "" });
    expect(parseTxError(new Error("x", { cause: { name: "UserRejectedRequestError" } })).kind).toBe("rejected");
  });

  it("decodes a custom error from revert data with the contract's ABI", () => {
    const data = encodeErrorResult({
      abi: gameAbi,
      errorName: "GameTokenNotAllowed",
      args: ["0x0000000000000000000000000000000000000001"],
    });
    const error = new Error("execution reverted", { cause: { data } });
    expect(decodeRevert(error, gameAbi)).toBe("GameTokenNotAllowed(0x0000000000000000000000000000000000000001)");
    expect(parseTxError(error, gameAbi)).toEqual({
      kind: "reverted",
      message: "GameTokenNotAllowed(0x0000000000000000000000000000000000000001)",
    });
  });

  it("falls back to the first line of the message", () => {
    expect(parseTxError({ shortMessage: "HTTP request failed.\nURL: x" })).toEqual({
      kind: "failed",
      message: "HTTP request failed.",
    });
  });

  it("keeps a pending hash per flow and chain, and forgets a damaged entry", () => {
    const hash = `0x${"1".repeat(64)}` as const;
    savePendingTx("t", { hash, label: "approve", chainId: 31337, submittedAt: 1 });
    expect(loadPendingTx("t", 31337)?.hash).toBe(hash);
    expect(loadPendingTx("t", 56)).toBeNull();
    expect(localStorage.getItem("pendingTx:t")).toBeNull();
    localStorage.setItem("pendingTx:t", "{bad");
    expect(loadPendingTx("t", 31337)).toBeNull();
    clearPendingTx("t");
  });

  it("links to the explorer only when one is configured", () => {
    expect(explorerTxLink("0xabc", undefined)).toBeNull();
    expect(explorerTxLink("0xabc", "https://bscscan.com/")).toBe("https://bscscan.com/tx/0xabc");
  });
});
