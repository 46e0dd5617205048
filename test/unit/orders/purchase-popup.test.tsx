import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { PurchasePopup, type PurchaseBalances } from "@/features/orders/components/purchase-popup";
import { TOAST_DURATION_MS, dismissToast, getToast } from "@/lib/toast";
import { autoCleanup, setupI18n } from "../support/setup";
import { envelope, renderWithApp, stubApi } from "../support/shop-render";

autoCleanup();

const product = { id: 7, title: "TC4 钛合金型材", priceCny: "99900", priceUsdt: "140000000" };
const balances: PurchaseBalances = { amountCny: "5000000", amountUsdt: "1000000000" };

beforeAll(async () => {
  await setupI18n("cn");
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "tok");
  dismissToast();
  window.location.hash = "#/pages/goods-detail/goods-detail?id=7";
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function Harness({ onClosed }: { onClosed: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <PurchasePopup
      open={open}
      product={product}
      balances={balances}
      onClose={() => {
        setOpen(false);
        onClosed();
      }}
    />
  );
}

const confirmButton = () => screen.getByRole("button", { name: "确认购买" }) as HTMLButtonElement;

describe("purchase popup", () => {
  it("is titled 抢购 and shows the price in yuan (3 decimals) and ≈ USDT", () => {
    stubApi({});
    renderWithApp(<Harness onClosed={() => undefined} />);
    expect(screen.getByRole("dialog", { name: "抢购" })).toBeTruthy();
    expect(screen.getByTestId("popup-price-cny").textContent).toBe("¥999.000");
    expect(screen.getByTestId("popup-price-usdt").textContent).toBe("≈ 140.000 USDT");
  });

  it("offers the CNY investment balance and the USDT balance with their amounts (2 decimals)", () => {
    stubApi({});
    renderWithApp(<Harness onClosed={() => undefined} />);
    expect(screen.getByRole("radio", { name: /CNY投资余额/ })).toBeTruthy();
    expect(screen.getByRole("radio", { name: /USDT余额/ })).toBeTruthy();
    expect(screen.getByTestId("pay-cny-balance").textContent).toContain("¥50,000.00");
    expect(screen.getByTestId("pay-usdt-balance").textContent).toContain("1,000.00 USDT");
  });

  it("keeps 确认购买 disabled until a payment type is chosen", () => {
    const fetchMock = stubApi({});
    renderWithApp(<Harness onClosed={() => undefined} />);
    expect(confirmButton().disabled).toBe(true);
    fireEvent.click(confirmButton());
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("radio", { name: /USDT余额/ }));
    expect(confirmButton().disabled).toBe(false);
  });

  it.each([
    [/CNY投资余额/, 1],
    [/USDT余额/, 2],
  ])(
    "posts {productId, payType} for %s, toasts 购买成功 for 2500 ms, refreshes user info and closes",
    async (choice, payType) => {
      const bodies: unknown[] = [];
      const fetchMock = stubApi({
        "POST /home/order": (body) => {
          bodies.push(body);
          return envelope({ id: 1, productId: 7 });
        },
        "GET /user/info": () =>
          envelope({ address: "0xabc", type: 1, amountCny: "0", amountUsdt: "0", withdrawUsdt: "0", invitation: "X" }),
      });
      const onClosed = vi.fn();
      const { client } = renderWithApp(<Harness onClosed={onClosed} />);
      client.setQueryData(["user", "info"], { address: "0xabc" });
      const userQuery = vi.spyOn(client, "invalidateQueries");
      fireEvent.click(screen.getByRole("radio", { name: choice }));
      vi.useFakeTimers();
      fireEvent.click(confirmButton());
      // Step fake time 1 ms at a time until the order has gone through (at most 50 ms).
      for (let ms = 0; ms < 50 && onClosed.mock.calls.length === 0; ms++) await vi.advanceTimersByTimeAsync(1);
      expect(onClosed).toHaveBeenCalled();
      expect(bodies).toEqual([{ productId: 7, payType }]);
      expect(fetchMock.mock.calls[0]![1]?.method).toBe("POST");
      expect(getToast()).toMatchObject({ text: "购买成功", type: "success" });
      expect(userQuery).toHaveBeenCalledWith({ queryKey: ["user"] });
      expect(screen.queryByRole("dialog")).toBeNull();
      vi.advanceTimersByTime(TOAST_DURATION_MS - 60);
      expect(getToast()?.text).toBe("购买成功");
      vi.advanceTimersByTime(120);
      expect(getToast()).toBeNull();
    },
  );

  it("keeps the popup open with the server's msg when the order is refused", async () => {
    stubApi({ "POST /home/order": () => envelope(null, 409, "USDT余额不足! (Insufficient USDT balance)", 409) });
    const onClosed = vi.fn();
    renderWithApp(<Harness onClosed={onClosed} />);
    fireEvent.click(screen.getByRole("radio", { name: /USDT余额/ }));
    fireEvent.click(confirmButton());
    await waitFor(() => expect(screen.getByTestId("purchase-error").textContent).toContain("USDT余额不足!"));
    expect(getToast()).toMatchObject({ type: "error", text: "USDT余额不足! (Insufficient USDT balance)" });
    expect(screen.getByRole("dialog", { name: "抢购" })).toBeTruthy();
    expect(onClosed).not.toHaveBeenCalled();
    expect(confirmButton().disabled).toBe(false);
  });

  it("resets the choice when closed and opened again", () => {
    stubApi({});
    function Reopen() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            reopen
          </button>
          <PurchasePopup open={open} product={product} balances={null} onClose={() => setOpen(false)} />
        </>
      );
    }
    renderWithApp(<Reopen />);
    expect(screen.getByTestId("pay-cny-balance").textContent).toContain("…");
    fireEvent.click(screen.getByRole("radio", { name: /CNY投资余额/ }));
    fireEvent.click(screen.getByRole("button", { name: "关闭" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "reopen" }));
    expect(confirmButton().disabled).toBe(true);
  });
});
