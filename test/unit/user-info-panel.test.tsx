import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { UserInfoPanel } from "@/features/user/components/user-info-panel";
import type { UserInfo } from "@/types/api";
import { autoCleanup, setupI18n } from "./support/setup";

autoCleanup();

const info: UserInfo = {
  address: "0x1234567890abcdef1234567890abcdef1234abcd",
  type: 2,
  amountCny: "123456789",
  amountUsdt: "1999999",
  withdrawUsdt: "250000",
  invitation: "K7M2PQ9X",
  inviter: null,
  nickname: null,
};

beforeAll(async () => {
  await setupI18n("en");
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("userInfo", JSON.stringify(info));
});

function renderPanel(userInfo: UserInfo = info) {
  localStorage.setItem("userInfo", JSON.stringify(userInfo));
  // A fetch would fail in this test: keep the stored copy fresh so none starts.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(["user", "info"], userInfo);
  render(
    <QueryClientProvider client={client}>
      <UserInfoPanel signOut={<button type="button">Sign out</button>} />
    </QueryClientProvider>,
  );
}

describe("user info panel", () => {
  it("shows the shortened address with the full one in its title", () => {
    renderPanel();
    const address = screen.getByTestId("user-address");
    expect(address.textContent).toBe("0x1234…abcd");
    expect(address.getAttribute("title")).toBe(info.address);
  });

  it("shows the invitation code, a dash for no inviter, and the balances from minor units", () => {
    renderPanel();
    expect(screen.getByTestId("invitation-code").textContent).toBe("K7M2PQ9X");
    expect(screen.getByTestId("inviter").textContent).toBe("—");
    expect(screen.getByTestId("asset-amountCny").textContent).toContain("1,234,567.89");
    expect(screen.getByTestId("asset-amountUsdt").textContent).toContain("1.99");
    expect(screen.getByTestId("asset-withdrawUsdt").textContent).toContain("0.25");
  });

  it("shows the inviter's code when there is one", () => {
    renderPanel({ ...info, inviter: "ABCDEFGH" });
    expect(screen.getByTestId("inviter").textContent).toBe("ABCDEFGH");
  });

  it("labels the rows with the catalogue's names", () => {
    renderPanel();
    for (const label of ["Address", "Invitation Code", "Inviter"]) expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByRole("list", { name: "Assets" })).toBeTruthy();
  });
});
