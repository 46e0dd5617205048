import { decodeFunctionResult, encodeFunctionData, encodeFunctionResult } from "viem";
import { describe, expect, it, vi } from "vitest";
import { DASHBOARD_FIELDS, GET_DASHBOARD_CALLDATA } from "@/features/dashboard/api/read-chain-dashboard";
import { decodeUintTuple } from "@/features/dashboard/utils/decode-uint-tuple";
import { frontAbi } from "@generated/abis";

vi.mock("@/lib/protocol/addresses", () => ({ protocolAddress: {} }));

describe("the dashboard's viem-free chain read", () => {
  const fn = frontAbi.find((i) => i.type === "function" && i.name === "getDashboard");
  const fields = fn?.type === "function" && fn.outputs[0]?.type === "tuple" ? fn.outputs[0].components : [];

  it("sends the calldata viem would", () => {
    expect(GET_DASHBOARD_CALLDATA).toBe(encodeFunctionData({ abi: frontAbi, functionName: "getDashboard" }));
  });

  it("knows the struct's fields as the ABI has them, all uint256", () => {
    expect(DASHBOARD_FIELDS).toEqual(fields.map((f) => f.name));
    expect(fields.every((f) => f.type === "uint256")).toBe(true);
  });

  it("decodes getDashboard's result as viem does", () => {
    const value = Object.fromEntries(fields.map((f, i) => [f.name, BigInt(i) * 10n ** 30n + 2n ** 255n - BigInt(i)]));
    const data = encodeFunctionResult({ abi: frontAbi, functionName: "getDashboard", result: value as never });
    expect(decodeUintTuple(DASHBOARD_FIELDS, data)).toEqual(
      decodeFunctionResult({ abi: frontAbi, functionName: "getDashboard", data }),
    );
  });

  it("refuses a result of another length", () => {
    expect(() => decodeUintTuple(["a"], "0x1234")).toThrow(/2 bytes for 1 fields/);
    expect(() => decodeUintTuple(["a"], `0x${"00".repeat(64)}`)).toThrow(/64 bytes/);
  });
});
