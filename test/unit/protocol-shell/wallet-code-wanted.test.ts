import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A fresh copy of the module: its state is the page's, one per test. */
async function fresh() {
  vi.resetModules();
  return import("@/app/wallet-code-wanted");
}

let idle: (() => void)[];
beforeEach(() => {
  idle = [];
  vi.stubGlobal("requestIdleCallback", (callback: () => void) => idle.push(callback));
  vi.stubGlobal("cancelIdleCallback", () => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const runIdle = () => idle.splice(0).forEach((callback) => callback());

describe("the wallet code of a page the server drew (app/wallet-code-wanted.ts)", () => {
  it("is wanted at once when nothing holds it: the app's start on any other page", async () => {
    const wanted = await fresh();
    const start = vi.fn();
    wanted.whenWalletCodeWanted(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("held, starts at the first input, once", async () => {
    const wanted = await fresh();
    wanted.holdWalletCode(new Promise(() => undefined));
    const start = vi.fn();
    wanted.whenWalletCodeWanted(start);
    expect(start).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("pointerdown"));
    window.dispatchEvent(new Event("keydown"));
    expect(start).toHaveBeenCalledTimes(1);
    expect(wanted.walletCodeWanted()).toBe(true);
  });

  it("held, asks for an idle moment only once the hydration is done, and starts then", async () => {
    const wanted = await fresh();
    let hydrated!: () => void;
    wanted.holdWalletCode(new Promise<void>((resolve) => (hydrated = resolve)));
    const start = vi.fn();
    wanted.whenWalletCodeWanted(start);
    await Promise.resolve();
    expect(idle).toHaveLength(0);
    hydrated();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(idle).toHaveLength(1);
    expect(start).not.toHaveBeenCalled();
    runIdle();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("keeps the page's preview in place until then (the protocol layout's usePreviewFirst)", async () => {
    const wanted = await fresh();
    const { usePreviewFirst } = await import("@/app/protocol-figures-preview");
    wanted.holdWalletCode(new Promise(() => undefined));
    const stake = renderHook(() => usePreviewFirst("/pages/protocol/stake"));
    const claim = renderHook(() => usePreviewFirst("/pages/protocol/claim-profit"));
    expect(stake.result.current).toBe(true);
    expect(claim.result.current).toBe(false);
    act(() => wanted.wantWalletCode());
    expect(stake.result.current).toBe(false);
  });

  it("preloadRoute starts a previewed page's wallet code only when it is wanted, and its preview at once", async () => {
    const wanted = await fresh();
    const { routes, preloadRoute } = await import("@/app/router");
    const { matchRoutes } = await import("react-router");
    const matches = matchRoutes(routes, "/pages/protocol/stake") ?? [];
    const walletLayout = matches.find(({ route }) => route.handle?.walletCode)?.route.handle as {
      preload: () => Promise<unknown>;
    };
    const page = matches.at(-1)?.route.handle as { preload: () => Promise<unknown> };
    const preview = matches.find(({ route }) => route.handle?.preview)?.route.handle as { preview: () => Promise<void> };
    const preload = vi.spyOn(walletLayout, "preload").mockResolvedValue(undefined);
    // The page's own code (the wallet stack's reads) is held too; not loaded for real here.
    const pagePreload = vi.spyOn(page, "preload").mockResolvedValue(undefined);
    const previewLoad = vi.spyOn(preview, "preview").mockResolvedValue(undefined);
    wanted.holdWalletCode(new Promise(() => undefined));
    await preloadRoute("#/pages/protocol/stake", { data: false });
    expect(previewLoad).toHaveBeenCalled();
    expect(preload).not.toHaveBeenCalled();
    expect(pagePreload).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("touchstart"));
    expect(preload).toHaveBeenCalledTimes(1);
    expect(pagePreload).toHaveBeenCalledTimes(1);
  });
});
