import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { WithdrawPopup } from "@/features/withdraw/components/withdraw-popup";
import { USDT_WITHDRAW_INFO } from "@/features/withdraw/utils/withdraw-options";
import { getToast } from "@/lib/toast";
import { renderWithClient } from "../support/render-with-client";
import { autoCleanup, setupI18n, stubFetch } from "../support/setup";

autoCleanup();
beforeAll(async () => {
  await setupI18n("cn");
});

const ADDRESS = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";
const fetchMock = stubFetch();

function open(withdrawUsdt = "50000000", onClose = vi.fn()) {
  renderWithClient(<WithdrawPopup info={USDT_WITHDRAW_INFO} withdrawUsdt={withdrawUsdt} onClose={onClose} />);
  return onClose;
}

function fill(amount: string) {
  fireEvent.change(screen.getByTestId("withdraw-address"), { target: { value: ADDRESS } });
  fireEvent.change(screen.getByTestId("withdraw-amount"), { target: { value: amount } });
  fireEvent.change(screen.getByTestId("withdraw-password"), { target: { value: "123456" } });
}

describe("withdraw popup", () => {
  it("has the specification's title, placeholders, options and balance line", () => {
    open();
    expect(screen.getByRole("dialog", { name: "请选择USDT提现方式" })).toBeTruthy();
    expect(screen.getByText("BSC BEP20 提现")).toBeTruthy();
    expect(screen.getByText("TRON TRC20 提现")).toBeTruthy();
    expect(screen.getByPlaceholderText("请输入提现地址")).toBeTruthy();
    expect(screen.getByPlaceholderText("请输入提现金额")).toBeTruthy();
    expect(screen.getByPlaceholderText("请输入资金密码")).toBeTruthy();
    expect(screen.getByTestId("withdraw-available").textContent).toBe("可用余额 50.00 USDT");
    expect(screen.getByTestId("withdraw-confirm").textContent).toBe("确认提现");
  });

  it("shows only the options of the payment info's type", () => {
    renderWithClient(<WithdrawPopup info={{ type: 9 }} withdrawUsdt="0" onClose={vi.fn()} />);
    expect(screen.queryByText("BSC BEP20 提现")).toBeNull();
  });

  it("refuses TRON before anything else, without a call", () => {
    open();
    fireEvent.click(screen.getByTestId("withdraw-option-TRON"));
    fireEvent.click(screen.getByTestId("withdraw-confirm"));
    expect(getToast()?.text).toBe("暂不支持 TRON TRC20 USDT 提现!");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses an amount above withdrawUsdt, without a call", () => {
    open("50000000");
    fireEvent.click(screen.getByTestId("withdraw-option-BSC"));
    fill("50.000001");
    fireEvent.click(screen.getByTestId("withdraw-confirm"));
    expect(getToast()?.text).toBe("可用USDT提现余额不足!");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends type 2, the address, micro-USDT and the password; success toasts and closes", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 0, msg: "ok", data: { id: 1 } })));
    const onClose = open();
    fireEvent.click(screen.getByTestId("withdraw-option-BSC"));
    fill("12.5");
    fireEvent.click(screen.getByTestId("withdraw-confirm"));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/base\/api\/asset\/withdraw$/);
    expect(JSON.parse(init.body)).toEqual({ type: 2, address: ADDRESS, amount: "12500000", password: "123456" });
    expect(getToast()?.text).toBe("提现成功!");
  });

  it("shows a server refusal instead of swallowing it", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 403, msg: "Wrong fund password", data: null })));
    const onClose = open();
    fireEvent.click(screen.getByTestId("withdraw-option-BSC"));
    fill("10");
    fireEvent.click(screen.getByTestId("withdraw-confirm"));
    await waitFor(() => expect(screen.getByTestId("withdraw-refusal").textContent).toBe("Wrong fund password"));
    expect(onClose).not.toHaveBeenCalled();
  });

  it("checks the address and amount on the page", () => {
    open();
    fireEvent.click(screen.getByTestId("withdraw-option-BSC"));
    fireEvent.change(screen.getByTestId("withdraw-address"), { target: { value: "0x123" } });
    fireEvent.change(screen.getByTestId("withdraw-amount"), { target: { value: "0" } });
    fireEvent.click(screen.getByTestId("withdraw-confirm"));
    expect(screen.getByText("请输入 0x 开头的 40 位十六进制地址。")).toBeTruthy();
    expect(screen.getByText("金额必须大于 0。")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
