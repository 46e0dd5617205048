import { zeroAddress } from "viem";
import { describe, expect, it } from "vitest";
import { englishText } from "../../../domain/refusals";
import { DEBT_REFUSAL } from "../../../domain/debt";
import { INSUFFICIENT_WITHDRAW_BALANCE, TRON_WITHDRAW_REFUSED, withdrawRefusal } from "../../../domain/withdraw-rules";
import cn from "../../../locales/cn.json";

const address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const limits = { withdrawUsdt: 50_000_000n, minimum: 10_000_000n };

describe("withdraw rules", () => {
  it("refuses TRON first, with the specification's text, whatever else is wrong", () => {
    expect(withdrawRefusal({ type: 3, address: "T-address", amount: 10n ** 15n }, limits)).toEqual({
      reason: "tron",
      refusal: { key: TRON_WITHDRAW_REFUSED },
    });
    expect(cn[TRON_WITHDRAW_REFUSED]).toBe("暂不支持 TRON TRC20 USDT 提现!");
  });

  it("refuses more than the withdrawable balance with the specification's text", () => {
    expect(withdrawRefusal({ type: 2, address, amount: 50_000_001n }, limits)).toEqual({
      reason: "balance",
      refusal: { key: INSUFFICIENT_WITHDRAW_BALANCE },
    });
    expect(cn[INSUFFICIENT_WITHDRAW_BALANCE]).toBe("可用USDT提现余额不足!");
  });

  it("refuses a user with debt before the balance, with the debt message", () => {
    expect(withdrawRefusal({ type: 2, address, amount: 20_000_000n }, { ...limits, debtUsdt: 1n })).toEqual({
      reason: "debt",
      refusal: { key: DEBT_REFUSAL },
    });
    expect(withdrawRefusal({ type: 2, address, amount: 20_000_000n }, { ...limits, debtUsdt: 0n })).toBeNull();
    // TRON keeps its place in front of everything.
    expect(withdrawRefusal({ type: 3, address, amount: 20_000_000n }, { ...limits, debtUsdt: 1n })?.reason).toBe("tron");
  });

  it("refuses a bad address, an unknown network and an amount below the minimum", () => {
    expect(withdrawRefusal({ type: 2, address: zeroAddress, amount: 20_000_000n }, limits)?.reason).toBe("address");
    expect(withdrawRefusal({ type: 1, address, amount: 20_000_000n }, limits)?.reason).toBe("network");
    const below = withdrawRefusal({ type: 2, address, amount: 9_999_999n }, limits);
    expect(below).toEqual({ reason: "minimum", refusal: { key: "withdraw.belowMinimum", params: { minimum: "10" } } });
    expect(englishText(below!.refusal)).toBe("The minimum withdrawal is 10 USDT");
    expect(withdrawRefusal({ type: 2, address, amount: 1n }, { withdrawUsdt: 5n, minimum: 1_500_000n })?.refusal.params).toEqual({
      minimum: "1.5",
    });
  });

  it("lets a valid BSC withdrawal through, up to the whole balance", () => {
    expect(withdrawRefusal({ type: 2, address, amount: 50_000_000n }, limits)).toBeNull();
    expect(withdrawRefusal({ type: 2, address, amount: 10_000_000n }, limits)).toBeNull();
  });
});
