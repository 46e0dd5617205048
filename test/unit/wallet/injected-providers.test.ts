import { describe, expect, it, vi } from "vitest";
import { withEventMethods } from "@/lib/wallet/direct-connect";
import {
  connectPlan,
  distinctInjectedWallets,
  holdsInjectedWallet,
  type InjectedProvider,
  knownInjectedWallets,
} from "@/lib/wallet/injected-providers";

const provider = (flags: Record<string, unknown> = {}): InjectedProvider & Record<string, unknown> => ({
  request: vi.fn(async () => null),
  ...flags,
});
const announcement = (p: InjectedProvider, n = 0, rdns = `dev.pex.wallet${n}`) => ({
  info: { uuid: `uuid-${n}`, name: `Wallet ${n}`, icon: "data:image/svg+xml,", rdns },
  provider: p,
});

describe("distinctInjectedWallets", () => {
  it("finds a wallet that only announces itself through EIP-6963", () => {
    const p = provider();
    const wallets = distinctInjectedWallets([announcement(p)], undefined);
    expect(wallets).toEqual([{ name: "Wallet 0", rdns: "dev.pex.wallet0", provider: p, via: "eip6963" }]);
  });

  it("finds a plain window.ethereum, with a wallet flag or none", () => {
    for (const p of [provider({ isMetaMask: true }), provider()]) {
      expect(distinctInjectedWallets([], p)).toEqual([
        { name: "Browser Wallet", rdns: null, provider: p, via: "window.ethereum" },
      ]);
    }
  });

  it("counts a wallet that announces and sets window.ethereum once, even as another (proxy) object", () => {
    const p = provider();
    expect(distinctInjectedWallets([announcement(p)], p)).toHaveLength(1);
    const proxy = new Proxy(p, {});
    const wallets = distinctInjectedWallets([announcement(p)], proxy);
    expect(wallets).toHaveLength(1);
    expect(wallets[0]!.provider).toBe(p);
  });

  it("counts repeated announcements once: same uuid, same rdns or same provider", () => {
    const p = provider();
    const again = [announcement(p), announcement(p), { ...announcement(provider(), 0), info: announcement(p, 0).info }];
    expect(distinctInjectedWallets(again, undefined)).toHaveLength(1);
    expect(distinctInjectedWallets([announcement(p, 1), announcement(provider(), 2, "dev.pex.wallet1")], undefined)).toHaveLength(
      1,
    );
    expect(distinctInjectedWallets([announcement(p, 1), announcement(p, 2)], undefined)).toHaveLength(1);
  });

  it("keeps several wallets apart", () => {
    const wallets = distinctInjectedWallets([announcement(provider(), 1), announcement(provider(), 2)], provider());
    expect(wallets.map((w) => w.rdns)).toEqual(["dev.pex.wallet1", "dev.pex.wallet2"]);
  });

  it("reads the legacy providers array of window.ethereum when nothing announces", () => {
    const [a, b] = [provider({ isMetaMask: true }), provider({ isCoinbaseWallet: true })];
    expect(distinctInjectedWallets([], { ...provider(), providers: [a, b, a] })).toHaveLength(2);
  });

  it("ignores what is not a provider", () => {
    expect(
      distinctInjectedWallets([null, 5, { info: {}, provider: provider() }, { info: announcement(provider()).info }], {}),
    ).toEqual([]);
    expect(distinctInjectedWallets([], { request: "no" })).toEqual([]);
  });
});

describe("holdsInjectedWallet", () => {
  it("answers as knownInjectedWallets does, without telling the wallets apart", () => {
    const w = window as { ethereum?: unknown };
    const cases: [unknown, boolean][] = [
      [undefined, false],
      [{}, false],
      [provider(), true],
      [{ ...provider(), providers: [] }, true],
      [{ ...provider(), providers: [{}] }, false],
      [{ ...provider(), providers: [{}, provider()] }, true],
      [{ providers: [provider()] }, false],
    ];
    try {
      for (const [ethereum, holds] of cases) {
        w.ethereum = ethereum;
        expect(holdsInjectedWallet(), JSON.stringify(ethereum)).toBe(holds);
        expect(knownInjectedWallets().length > 0).toBe(holds);
      }
      // Announcements are kept from the module's start: a malformed one counts for nothing, a
      // wallet's own for one whatever window.ethereum holds.
      w.ethereum = undefined;
      window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: { info: "?", provider: provider() } }));
      expect(holdsInjectedWallet()).toBe(false);
      window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: announcement(provider(), 7) }));
      for (const ethereum of [undefined, {}]) {
        w.ethereum = ethereum;
        expect(holdsInjectedWallet()).toBe(true);
        expect(knownInjectedWallets()).toHaveLength(1);
      }
    } finally {
      delete w.ethereum;
    }
  });
});

describe("connectPlan", () => {
  const one = distinctInjectedWallets([], provider());
  const two = distinctInjectedWallets([announcement(provider(), 1), announcement(provider(), 2)], undefined);

  it("connects the one wallet of a phone's wallet browser directly", () => {
    expect(connectPlan(one, { touchFirst: true })).toEqual({ kind: "direct", wallet: one[0] });
  });

  it("shows the list with several wallets, none, or on a desktop browser", () => {
    expect(connectPlan(two, { touchFirst: true })).toEqual({ kind: "list" });
    expect(connectPlan([], { touchFirst: true })).toEqual({ kind: "list" });
    expect(connectPlan(one, { touchFirst: false })).toEqual({ kind: "list" });
  });
});

describe("withEventMethods", () => {
  it("keeps a provider that has event methods as it is", () => {
    const p = provider({ on: vi.fn(), removeListener: vi.fn() });
    expect(withEventMethods(p)).toBe(p);
  });

  it("gives a provider without events no-op ones, forwarding requests, the same wrapper every time", async () => {
    const p = provider();
    const wrapped = withEventMethods(p);
    expect(wrapped).not.toBe(p);
    expect(withEventMethods(p)).toBe(wrapped);
    expect(() => wrapped.on!("accountsChanged", () => undefined)).not.toThrow();
    expect(() => wrapped.removeListener!("accountsChanged", () => undefined)).not.toThrow();
    await wrapped.request({ method: "eth_requestAccounts" });
    expect(p.request).toHaveBeenCalledWith({ method: "eth_requestAccounts" });
  });
});
