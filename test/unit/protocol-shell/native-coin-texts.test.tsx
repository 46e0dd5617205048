/**
 * On BSC the app names the native coin BNB wherever it named ETH: the texts through i18next's
 * default variable `{{native}}`, the exchange's token buttons through the configured symbol.
 */
import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { TokenPicker } from "@/features/exchange/components/token-picker";
import { i18n } from "@/lib/i18n";
import { autoCleanup, setupI18n } from "../support/setup";

vi.mock("@/config/chain", () => ({
  nativeSymbol: "BNB",
  appChain: {
    id: 56,
    name: "BNB Smart Chain",
    rpcUrl: "https://bsc-dataseed.bnbchain.org",
    currency: { name: "BNB", symbol: "BNB", decimals: 18 },
  },
}));

autoCleanup();
beforeAll(async () => {
  await setupI18n("en");
});

describe("the native coin's name on BSC", () => {
  it("fills every text that names it", async () => {
    expect(i18n.t("protocol.bond.ethBond")).toBe("BNB bond");
    expect(i18n.t("protocol.dashboard.pol")).toBe("Protocol owned liquidity PEX-BNB");
    expect(i18n.t("protocol.price.lpMoving")).toMatch(/use the BNB bond\.$/);
    await i18n.changeLanguage("zh-CN");
    expect(i18n.t("protocol.bond.ethBond")).toBe("BNB 债券");
    await i18n.changeLanguage("en");
  });

  it("labels the exchange's native coin button with the symbol, its test id unchanged", () => {
    render(<TokenPicker label="Sell" tokens={["ETH", "PEX", "USDB"]} value="ETH" onChange={() => undefined} testId="sell" />);
    expect(screen.getByTestId("sell-eth").textContent).toBe("BNB");
    expect(screen.getByTestId("sell-pex").textContent).toBe("PEX");
  });
});
