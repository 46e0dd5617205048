/**
 * The recharge panel with BSC's 18-decimal USDT (the decimals the deploy recorded): the intent
 * announces micro-USDT, the wallet pays the same amount in the token's base units, and no more
 * places than a micro-USDT balance holds can be typed (nothing paid goes uncredited).
 */
import { fireEvent, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { RechargePanel } from "@/features/recharge/components/recharge-panel";
import { renderWithClient } from "../support/render-with-client";
import { autoCleanup, setupI18n } from "../support/setup";

const wallet = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const usdt = "0x55d398326f99059ff775485246999027b3197955";
const calls = vi.hoisted(() => ({ intent: vi.fn(), recharge: vi.fn(), approve: vi.fn() }));

vi.mock("virtual:deployments", () => ({
  default: {
    chainId: 56,
    contracts: { usdt: "0x55d398326f99059ff775485246999027b3197955", game: "0x00000000000000000000000000000000000000aa" },
    usdtDecimals: 18,
  },
}));
vi.mock("wagmi", () => ({ useAccount: () => ({ address: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8", status: "connected" }) }));
vi.mock("@/lib/wallet/connect-modal", () => ({ useConnectModal: () => ({ openConnectModal: undefined }) }));
vi.mock("@/lib/wallet/use-batch-calls", () => ({ useBatchCalls: () => ({ supported: false, send: vi.fn() }) }));
vi.mock("@/lib/wallet/use-transactor", () => ({
  useTransactor: () => ({ busy: false, state: { phase: "idle" }, run: (_phase: string, fn: () => Promise<unknown>) => fn() }),
  isBusy: () => false,
}));
vi.mock("@/features/recharge/api/register-recharge", () => ({
  useRegisterRecharge: () => ({ isPending: false, mutateAsync: calls.intent }),
}));
vi.mock("@generated/contracts", () => ({
  gameAbi: [],
  testUsdtAbi: [],
  // 20 USDT in the wallet, and an allowance that covers anything.
  useReadTestUsdtBalanceOf: () => ({ data: 20n * 10n ** 18n }),
  useReadTestUsdtAllowance: () => ({ data: 10n ** 30n }),
  useWriteTestUsdtApprove: () => ({ writeContractAsync: calls.approve }),
  useWriteGameRecharge: () => ({ writeContractAsync: calls.recharge }),
}));

autoCleanup();
beforeAll(async () => {
  await setupI18n("en");
});

describe("recharge panel with an 18-decimal USDT", () => {
  it("shows the wallet's balance in the token's decimals, announces micro-USDT and pays base units", async () => {
    renderWithClient(<RechargePanel account={wallet} />);
    expect(screen.getByTestId("wallet-usdt-balance").textContent).toBe("20.00 USDT");
    const input = screen.getByTestId("usdt-amount").querySelector("input") ?? screen.getByTestId("usdt-amount");
    // A seventh place cannot be typed: it would be dust below 1 micro-USDT.
    fireEvent.change(input, { target: { value: "12.12345678" } });
    expect((input as HTMLInputElement).value).toBe("12.123456");
    calls.intent.mockResolvedValue({});
    calls.recharge.mockResolvedValue(`0x${"ab".repeat(32)}`);
    fireEvent.click(screen.getByTestId("confirm-recharge"));
    await vi.waitFor(() => expect(calls.recharge).toHaveBeenCalledTimes(1));
    const [{ reference, amount }] = calls.intent.mock.calls[0] as [{ reference: string; amount: string }];
    expect(amount).toBe("12123456");
    expect(calls.recharge.mock.calls[0]).toEqual([{ args: [usdt, BigInt(reference), 12_123_456_000_000_000_000n] }]);
  });

  it("refuses more than the wallet holds", () => {
    renderWithClient(<RechargePanel account={wallet} />);
    const input = screen.getByTestId("usdt-amount").querySelector("input") ?? screen.getByTestId("usdt-amount");
    fireEvent.change(input, { target: { value: "20.000001" } });
    expect((screen.getByTestId("confirm-recharge") as HTMLButtonElement).disabled).toBe(true);
  });
});
