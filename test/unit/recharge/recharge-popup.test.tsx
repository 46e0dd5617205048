import { cleanup, fireEvent, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { RechargePopup } from "@/features/recharge/components/recharge-popup";
import { getToast } from "@/lib/toast";
import { renderWithClient } from "../support/render-with-client";
import { autoCleanup, setupI18n, stubFetch } from "../support/setup";

autoCleanup();
beforeAll(async () => {
  await setupI18n("cn");
});

const fetchMock = stubFetch();

const confirm = () => screen.getByTestId("recharge-confirm") as HTMLButtonElement;

describe("recharge popup", () => {
  it("CNY: title, options, and confirm disabled until a method and an amount", () => {
    renderWithClient(<RechargePopup currency="CNY" accountType={1} onClose={vi.fn()} />);
    expect(screen.getByRole("dialog", { name: "CNY 充值" })).toBeTruthy();
    expect(screen.getByText("微信充值")).toBeTruthy();
    expect(screen.getByText("支付宝充值")).toBeTruthy();
    expect(confirm().textContent).toBe("确认充值");
    expect(confirm().disabled).toBe(true);
    fireEvent.change(screen.getByTestId("recharge-amount"), { target: { value: "100" } });
    expect(confirm().disabled).toBe(true);
    fireEvent.click(screen.getByTestId("recharge-option-2"));
    expect(confirm().disabled).toBe(false);
    fireEvent.change(screen.getByTestId("recharge-amount"), { target: { value: "" } });
    expect(confirm().disabled).toBe(true);
  });

  it("CNY on a type-2 account: 仅支持USDT充值!", () => {
    const onClose = vi.fn();
    renderWithClient(<RechargePopup currency="CNY" accountType={2} onClose={onClose} />);
    fireEvent.change(screen.getByTestId("recharge-amount"), { target: { value: "100" } });
    fireEvent.click(screen.getByTestId("recharge-option-1"));
    fireEvent.click(confirm());
    expect(getToast()?.text).toBe("仅支持USDT充值!");
    expect(onClose).not.toHaveBeenCalled();
  });

  it("CNY otherwise: info toast 支付通道对接中..., closes, and makes no payment call", () => {
    const onClose = vi.fn();
    renderWithClient(<RechargePopup currency="CNY" accountType={1} onClose={onClose} />);
    fireEvent.change(screen.getByTestId("recharge-amount"), { target: { value: "10.5" } });
    fireEvent.click(screen.getByTestId("recharge-option-1"));
    fireEvent.click(confirm());
    expect(getToast()).toMatchObject({ text: "支付通道对接中...", type: "info" });
    expect(onClose).toHaveBeenCalled();
    expect(fetchMock.mock.calls.filter(([url]) => !String(url).endsWith("/user/info"))).toEqual([]);
  });

  it("USDT: BSC and TRON; TRON is refused", () => {
    const onClose = vi.fn();
    renderWithClient(<RechargePopup currency="USDT" accountType={2} onClose={onClose} />);
    expect(screen.getByRole("dialog", { name: "USDT 充值" })).toBeTruthy();
    expect(confirm().disabled).toBe(true);
    fireEvent.click(screen.getByTestId("recharge-option-TRON"));
    fireEvent.click(confirm());
    expect(getToast()?.text).toBe("暂不支持 TRON TRC20 USDT 充值!");
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("recharge-option-BSC"));
    fireEvent.click(confirm());
    expect(onClose).toHaveBeenCalled();
  });

  it("shows each option's icon in a fixed 24 px box, beside its name", () => {
    const names = (currency: "CNY" | "USDT") => {
      renderWithClient(<RechargePopup currency={currency} accountType={1} onClose={vi.fn()} />);
      const icons = [...document.querySelectorAll("label.option svg")].map((svg) => ({
        icon: svg.getAttribute("data-testid"),
        size: `${svg.getAttribute("width")}x${svg.getAttribute("height")}`,
        hidden: svg.getAttribute("aria-hidden"),
        label: svg.parentElement!.textContent,
      }));
      cleanup();
      return icons;
    };
    expect(names("CNY")).toEqual([
      { icon: "recharge-icon-wechat", size: "24x24", hidden: "true", label: "微信充值" },
      { icon: "recharge-icon-alipay", size: "24x24", hidden: "true", label: "支付宝充值" },
    ]);
    expect(names("USDT")).toEqual([
      { icon: "recharge-icon-bsc", size: "24x24", hidden: "true", label: "BSC BEP20" },
      { icon: "recharge-icon-tron", size: "24x24", hidden: "true", label: "TRON TRC20" },
    ]);
  });
});
