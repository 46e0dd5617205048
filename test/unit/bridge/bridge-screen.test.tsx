import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { bridgesFrom } from "@/config/bridges";
import { BridgeScreen } from "@/features/bridge/components/bridge-screen";
import { autoCleanup, setupI18n } from "../support/setup";

autoCleanup();

describe("BridgeScreen", () => {
  beforeAll(async () => {
    await setupI18n("en");
  });

  it("says that no bridge exists on the local chain, and links nothing", () => {
    render(<BridgeScreen chainId={31337} chainName="PEX Local (Hardhat)" />);
    expect(screen.getByTestId("bridge-none").textContent).toBe(
      "PEX Local (Hardhat) is a local development chain: no bridge exists there.",
    );
    expect(screen.queryAllByRole("link")).toHaveLength(0);
  });

  it("links the official bridge of every configured target chain", () => {
    render(<BridgeScreen chainId={1} chainName="Ethereum" />);
    const links = screen.getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(bridgesFrom(1).map((b) => b.url));
    for (const a of links) {
      expect(a.getAttribute("href")).toMatch(/^https:\/\//);
      expect(a.getAttribute("rel")).toContain("noopener");
    }
    expect(screen.getByText("Ethereum ⇄ Blast")).toBeTruthy();
  });

  it("says so for a chain without configured bridges", () => {
    render(<BridgeScreen chainId={999999} chainName="Other" />);
    expect(screen.getByTestId("bridge-none").textContent).toBe("No official bridge is configured for Other.");
  });
});
