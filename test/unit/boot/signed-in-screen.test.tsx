import { type DehydratedState, hydrate } from "@tanstack/react-query";
import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { HashRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AppTree } from "@/app/app-tree";
import { preloadRoute } from "@/app/router";
import { type ApiCall, prepareFirstScreens, renderFirstScreen } from "@/boot/first-screen";
import { LANGUAGES, type Language } from "@/config/languages";
import { storeUserInfo, storageKeys } from "@/lib/session";
import { i18n, initI18n } from "@/lib/i18n";
import type { UserInfo } from "@domain/api/user";
import type { FirstScreen, FirstScreenVisitor } from "@domain/first-screen";
import { WHOLE_PROTOCOL, ownFigures } from "../support/protocol-figures";
import { autoCleanup } from "../support/setup";
import { testQueryClient } from "../support/shop-render";

autoCleanup();

/**
 * A signed-in visitor's first screen (ADR-0198): drawn with their session, hydrated by the app as
 * it is, and never holding anyone else's data, however many renders run side by side.
 */
const account = (n: number): UserInfo => ({
  address: `0x${String(n).repeat(40)}`,
  type: 1,
  amountCny: `${n}2345600`,
  amountUsdt: `${n}7000000`,
  withdrawUsdt: `${n}500000`,
  debtUsdt: "0",
  invitation: `INV${n}CODE`,
  inviter: null,
  nickname: `user-${n}`,
  email: null,
  identityStatus: "none",
  bankStatus: "none",
  fundPasswordSet: true,
  registered: true,
  avatar: null,
});
const visitor = (n: number): FirstScreenVisitor => ({
  token: `token-of-user-${n}-${"x".repeat(20)}`,
  address: account(n).address,
});
const page = { list: [], total: 0, page: 1, limit: 10 };

/** The API as it answers each visitor: their account by the token their calls carry. */
function apiFor(n: number): ApiCall {
  return vi.fn<ApiCall>(async (method, path) => {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
    if (path === "/user/info") return { code: 0, data: account(n) };
    if (path.startsWith("/home/product/list")) return { code: 0, data: page };
    // The protocol at one block: stake's, bond's and the lottery's first cards are drawn from it
    // (the dashboard's figures are not in it: that page is drawn with them pending).
    if (path === "/protocol/figures") return { code: 0, data: { figures: WHOLE_PROTOCOL } };
    if (path === "/protocol/figures/mine") return { code: 0, data: { figures: ownFigures(account(n).address, n) } };
    return { code: 404, data: null };
  });
}

const PAGES = [
  "#/pages/index/index",
  "#/pages/assets/assets",
  "#/pages/my/my",
  "#/pages/protocol/dashboard",
  "#/pages/protocol/stake",
  "#/pages/protocol/bond",
  "#/pages/protocol/lottery",
] as const;

beforeAll(async () => {
  await prepareFirstScreens();
  // Hydrated, a protocol page goes on to its wallet layout and page (ADR-0213), whose modules
  // (wagmi, viem) would still be loading when the test has ended: loaded here, once, first.
  await Promise.all([
    import("@/app/routes/protocol-wallet-layout"),
    import("@/app/routes/protocol-stake"),
    import("@/app/routes/protocol-bond"),
    import("@/app/routes/protocol-lottery"),
  ]);
}, 120_000);
beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(() => new Promise(() => undefined)),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** What main.tsx does with a signed-in visitor's screen: their session stored, then hydration. */
async function hydrateAs(n: number, screen: FirstScreen, hash: string, lang: Language) {
  localStorage.setItem(storageKeys.token, visitor(n).token);
  localStorage.setItem(storageKeys.address, visitor(n).address!);
  // A stale copy from an earlier visit: the screen's fresh one replaces it before hydration.
  localStorage.setItem(storageKeys.userInfo, JSON.stringify({ ...account(n), amountUsdt: "1" }));
  // One after the other: a language change and a page's catalogues loading at once race in i18next.
  await initI18n(lang);
  await preloadRoute(hash, { data: false });
  window.location.hash = hash;
  const container = document.createElement("div");
  container.innerHTML = screen.html;
  document.body.append(container);
  const client = testQueryClient();
  hydrate(client, screen.state as DehydratedState);
  storeUserInfo(client.getQueryData(["user", "info"])!);
  const mismatches: unknown[] = [];
  const consoleError = vi.spyOn(console, "error");
  await act(async () => {
    hydrateRoot(container, <AppTree i18n={i18n} queryClient={client} router={HashRouter} />, {
      onRecoverableError: (error) => mismatches.push(error),
    });
  });
  const errors = consoleError.mock.calls.map((args) => args.map(String).join(" "));
  consoleError.mockRestore();
  return { mismatches, errors, html: container.innerHTML };
}

describe("a signed-in visitor's first screen (src/boot/first-screen.tsx)", () => {
  it.each(PAGES.flatMap((hash) => LANGUAGES.map((lang) => [hash, lang] as const)))(
    "%s in %s: drawn with the session, hydrated without a mismatch",
    async (hash, lang) => {
      const screen = await renderFirstScreen(hash, lang, apiFor(1), visitor(1));
      expect(screen).not.toBeNull();
      const { mismatches, errors } = await hydrateAs(1, screen!, hash, lang);
      expect(mismatches).toEqual([]);
      expect(errors).toEqual([]);
    },
  );

  it("shows the visitor's own account: the balances on assets, the address on my", async () => {
    const assets = (await renderFirstScreen("#/pages/assets/assets", "en", apiFor(7), visitor(7)))!;
    expect(assets.html).toContain("77.00");
    const my = (await renderFirstScreen("#/pages/my/my", "en", apiFor(7), visitor(7)))!;
    expect(my.html).toContain("0x7777");
    // The protocol pages' first cards from the server's reading (ADR-0213): stake with the
    // visitor's own balances as the server read them for the session, bond's terms, the round.
    const stake = (await renderFirstScreen("#/pages/protocol/stake", "en", apiFor(7), visitor(7)))!;
    expect(stake.html).toMatch(/data-testid="fig-totalStaked">12,345.00 PEX/);
    expect(stake.html).toContain('data-source="server"');
    expect(stake.html).toMatch(/data-testid="fig-spexBalance">7.5000 sPEX/);
    const bond = (await renderFirstScreen("#/pages/protocol/bond", "en", apiFor(7), visitor(7)))!;
    expect(bond.html).toMatch(/data-testid="fig-eth-price">2.850 USDB/);
    const lottery = (await renderFirstScreen("#/pages/protocol/lottery", "en", apiFor(7), visitor(7)))!;
    expect(lottery.html).toMatch(/data-testid="lottery-jackpot">123.45/);
    for (const screen of [stake, bond, lottery]) expect(screen.html).toContain("As of block #4321");
    // Drawn without a session, the pages behind sign-in have no screen; sign-in has none with one.
    expect(await renderFirstScreen("#/pages/my/my", "en", apiFor(7))).toBeNull();
    expect(await renderFirstScreen("#/pages/protocol/stake", "en", apiFor(7))).toBeNull();
    expect(await renderFirstScreen("#/pages/login/login", "en", apiFor(7), visitor(7))).toBeNull();
  });

  it("a session the API refuses gets no screen (the app asks to sign in again)", async () => {
    const refusing = vi.fn<ApiCall>(async () => ({ code: 401, msg: "api.relogin", data: null }));
    expect(await renderFirstScreen("#/pages/index/index", "en", refusing, visitor(1))).toBeNull();
  });

  it("50 renders of two visitors side by side: each screen holds its owner's data and nothing of the other's", async () => {
    const renders = Array.from({ length: 50 }, (_, i) => {
      const n = (i % 2) + 1;
      const hash = PAGES[i % PAGES.length]!;
      return renderFirstScreen(hash, "en", apiFor(n), visitor(n)).then((screen) => ({ n, screen }));
    });
    const drawn = (await Promise.all(renders)).filter((r) => r.screen !== null);
    // The renderer's own waiting line (16) may turn some away; those it drew must be right.
    expect(drawn.length).toBeGreaterThanOrEqual(16);
    for (const { n, screen } of drawn) {
      const other = n === 1 ? 2 : 1;
      const text = JSON.stringify(screen);
      expect(text).toContain(account(n).invitation);
      expect(text).not.toContain(account(other).invitation);
      expect(text).not.toContain(account(other).address);
      expect(text).not.toContain(visitor(n).token);
    }
    // Nothing of a render stays behind: the storage the app reads is the browser's again.
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });
});
