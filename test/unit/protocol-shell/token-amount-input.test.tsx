import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { TokenAmountInput } from "@/components/protocol/token-amount-input";
import { autoCleanup, setupI18n } from "../support/setup";

autoCleanup();
beforeAll(async () => {
  await setupI18n("en");
});

function Harness({ max, decimals = 18 }: { max?: bigint; decimals?: number }) {
  const [value, setValue] = useState("");
  return (
    <TokenAmountInput
      label="PEX amount"
      symbol="PEX"
      decimals={decimals}
      value={value}
      onChange={setValue}
      max={max}
      testId="amount"
    />
  );
}

describe("TokenAmountInput", () => {
  it("fills the exact raw balance with Max", () => {
    render(<Harness max={123456789012345678901n} />);
    fireEvent.click(screen.getByRole("button", { name: /Max/ }));
    expect((screen.getByLabelText("PEX amount") as HTMLInputElement).value).toBe("123.456789012345678901");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("cuts typing at the token's decimals and flags an amount above the balance", () => {
    render(<Harness max={10n ** 6n} decimals={6} />);
    const input = screen.getByLabelText("PEX amount") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "1.23456789" } });
    expect(input.value).toBe("1.234567");
    expect(screen.getByRole("alert").textContent).toBe("More than your balance");
  });
});
