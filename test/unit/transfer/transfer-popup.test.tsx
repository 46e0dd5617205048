import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { TransferPopup } from "@/features/transfer/components/transfer-popup";
import { getToast } from "@/lib/toast";
import { renderWithClient } from "../support/render-with-client";
import { autoCleanup, setupI18n, stubFetch } from "../support/setup";

autoCleanup();
beforeAll(async () => {
  await setupI18n("cn");
});

const fetchMock = stubFetch();

function open(withdrawUsdt = "50000000", onClose = vi.fn()) {
  renderWithClient(<TransferPopup open withdrawUsdt={withdrawUsdt} onClose={onClose} />);
  return onClose;
}
const fill = (amount: string, password = "123456") => {
  fireEvent.change(screen.getByTestId("transfer-amount"), { target: { value: amount } });
  fireEvent.change(screen.getByTestId("transfer-password"), { target: { value: password } });
};

describe("transfer popup", () => {
  it("shows the withdrawable balance and checks the fields on the page", () => {
    open();
    expect(screen.getByTestId("transfer-available").textContent).toBe("可用余额 50.00 USDT");
    fireEvent.click(screen.getByTestId("transfer-confirm"));
    expect(screen.getByText("请输入资金密码")).toBeTruthy();
    fireEvent.change(screen.getByTestId("transfer-amount"), { target: { value: "0" } });
    fireEvent.click(screen.getByTestId("transfer-confirm"));
    expect(screen.getByText("金额必须大于 0。")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses more than the withdrawable balance, without a call", () => {
    open("50000000");
    fill("50.000001");
    fireEvent.click(screen.getByTestId("transfer-confirm"));
    expect(getToast()?.text).toBe("可用USDT提现余额不足!");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends micro-USDT and the password; a refusal stays in the popup, success closes it", async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 403, msg: "Wrong fund password", data: null })));
    const onClose = open();
    fill("1.5", "wrong-pass");
    fireEvent.click(screen.getByTestId("transfer-confirm"));
    await waitFor(() => expect(screen.getByTestId("transfer-refusal").textContent).toBe("Wrong fund password"));
    expect(onClose).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/base\/api\/asset\/transfer$/);
    expect(JSON.parse(init.body)).toEqual({ amount: "1500000", password: "wrong-pass" });

    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 0, msg: "ok", data: {} })));
    fill("1.5");
    fireEvent.click(screen.getByTestId("transfer-confirm"));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByTestId("transfer-refusal")).toBeNull();
  });
});
