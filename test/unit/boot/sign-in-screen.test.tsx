import { type DehydratedState, hydrate } from "@tanstack/react-query";
import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { HashRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AppTree } from "@/app/app-tree";
import { preloadRoute } from "@/app/router";
import { type ApiCall, prepareFirstScreens, renderFirstScreen } from "@/boot/first-screen";
import { LANGUAGES } from "@/config/languages";
import { i18n, initI18n } from "@/lib/i18n";
import { autoCleanup } from "../support/setup";
import { testQueryClient } from "../support/shop-render";

autoCleanup();

/**
 * Sign-in's first screen as a browser holding a wallet shows it (ADR-0200): where a protocol
 * link shared into a wallet's browser lands. Drawn by the server without the "get a wallet" hint,
 * and hydrated by an app that finds the wallet, in every language, without a mismatch.
 */
const api = vi.fn<ApiCall>(async () => ({ code: 404, data: null }));
const HASH = "#/pages/login/login";

beforeAll(() => prepareFirstScreens(), 60_000);
afterEach(() => vi.unstubAllGlobals());

describe("sign-in drawn for a browser that holds a wallet", () => {
  it.each(LANGUAGES)("in %s: no wallet hint, hydrated as drawn", async (lang) => {
    const withWallet = (await renderFirstScreen(HASH, lang, api, null, { injectedWallet: true }))!;
    const without = (await renderFirstScreen(HASH, lang, api, null, { injectedWallet: false }))!;
    expect(withWallet.html).not.toContain("no-wallet-hint");
    expect(without.html).toContain("no-wallet-hint");

    vi.stubGlobal("ethereum", { request: () => Promise.resolve(null) });
    await initI18n(lang);
    await preloadRoute(HASH, { data: false });
    window.location.hash = HASH;
    const container = document.createElement("div");
    container.innerHTML = withWallet.html;
    document.body.append(container);
    const client = testQueryClient();
    hydrate(client, withWallet.state as DehydratedState);
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <AppTree i18n={i18n} queryClient={client} router={HashRouter} browser={{ injectedWallet: true }} />,
        { onRecoverableError: (error) => mismatches.push(error) },
      );
    });
    expect(mismatches).toEqual([]);
    expect(container.querySelector('[data-testid="no-wallet-hint"]')).toBeNull();
  });
});
