import { fireEvent, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { BankScreen } from "@/features/bank/components/bank-screen";
import { renderWithClient } from "../support/render-with-client";
import { autoCleanup, setupI18n, stubFetch } from "../support/setup";

autoCleanup();
beforeAll(async () => {
  await setupI18n("en");
});

const fetchMock = stubFetch();

describe("bank screen", () => {
  it("shows an approved account and lets the user apply for another", async () => {
    const bank = {
      id: 3,
      bankName: "中国工商银行",
      branch: "北京朝阳支行",
      holder: "王小明",
      cardNumber: "6222 **** **** 3446",
      status: "approved",
      reason: null,
      createdAt: Date.UTC(2025, 2, 1),
      reviewedAt: Date.UTC(2025, 2, 2),
    };
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 0, msg: "ok", data: bank })));
    renderWithClient(<BankScreen />);
    await screen.findByText("6222 **** **** 3446");
    expect(screen.getByTestId("application-status").getAttribute("data-status")).toBe("approved");
    for (const text of ["中国工商银行", "北京朝阳支行", "王小明"]) expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByTestId("bank-submit")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Change bank account" }));
    expect(screen.getByTestId("bank-submit").textContent).toBe("Submit");
  });

  it("checks the card number on the page", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 0, msg: "ok", data: null })));
    renderWithClient(<BankScreen />);
    fireEvent.change(await screen.findByTestId("bank-card"), { target: { value: "6222 0202 0011 2233 445" } });
    fireEvent.click(screen.getByTestId("bank-submit"));
    expect(screen.getByText("Enter a valid card number (12–19 digits).")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
