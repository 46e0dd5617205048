/*
 * Which wallets the page itself holds. A wallet app's built-in browser (TokenPocket, imToken, OKX,
 * Trust, MetaMask) injects exactly one: announced through EIP-6963, set as `window.ethereum`, or
 * both. Plain DOM, no wallet library: the login route uses it before the wallet stack loads.
 */

type Listener = (...args: unknown[]) => void;

/** EIP-1193, as far as connecting needs it; events are optional (some in-app providers emit none). */
export interface InjectedProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on?(event: string, listener: Listener): unknown;
  removeListener?(event: string, listener: Listener): unknown;
}

export interface InjectedWallet {
  name: string;
  /** The wallet's reverse-DNS id from its EIP-6963 announcement; null for `window.ethereum`. */
  rdns: string | null;
  provider: InjectedProvider;
  via: "eip6963" | "window.ethereum";
}

interface Eip6963Detail {
  info: { uuid: string; name: string; rdns: string };
  provider: InjectedProvider;
}

function isProvider(value: unknown): value is InjectedProvider {
  return typeof value === "object" && value !== null && typeof (value as { request?: unknown }).request === "function";
}

function isAnnouncement(value: unknown): value is Eip6963Detail {
  if (typeof value !== "object" || value === null) return false;
  const { info, provider } = value as { info?: unknown; provider?: unknown };
  if (typeof info !== "object" || info === null || !isProvider(provider)) return false;
  const { uuid, name, rdns } = info as Record<string, unknown>;
  return typeof uuid === "string" && typeof name === "string" && typeof rdns === "string";
}

/**
 * The distinct wallets among EIP-6963 announcements and `window.ethereum`. A wallet announces
 * again on every request (same uuid) and counts once. When any wallet announces, `window.ethereum`
 * is taken to be one of them: EIP-6963 wallets keep setting it for older sites, often as a
 * different (proxy) object, so comparing objects cannot match them. Without announcements,
 * `window.ethereum` is one wallet, or each entry of its legacy `providers` array.
 */
export function distinctInjectedWallets(announced: readonly unknown[], windowEthereum: unknown): InjectedWallet[] {
  const wallets: InjectedWallet[] = [];
  const seenProviders = new Set<unknown>();
  const seenIds = new Set<string>();
  for (const detail of announced) {
    if (!isAnnouncement(detail)) continue;
    const { info, provider } = detail;
    const ids = [`uuid:${info.uuid}`, ...(info.rdns ? [`rdns:${info.rdns}`] : [])];
    if (seenProviders.has(provider) || ids.some((id) => seenIds.has(id))) continue;
    seenProviders.add(provider);
    for (const id of ids) seenIds.add(id);
    wallets.push({ name: info.name, rdns: info.rdns || null, provider, via: "eip6963" });
  }
  if (wallets.length > 0 || !isProvider(windowEthereum)) return wallets;
  const legacy = (windowEthereum as { providers?: unknown }).providers;
  const candidates = Array.isArray(legacy) && legacy.length > 0 ? legacy : [windowEthereum];
  for (const provider of candidates) {
    if (!isProvider(provider) || seenProviders.has(provider)) continue;
    seenProviders.add(provider);
    wallets.push({ name: "Browser Wallet", rdns: null, provider, via: "window.ethereum" });
  }
  return wallets;
}

export type ConnectPlan = { kind: "direct"; wallet: InjectedWallet } | { kind: "list" };

/**
 * What "Connect" does: a phone or tablet with exactly one injected wallet (a wallet app's browser)
 * connects it at once; several wallets, none, or a desktop browser get the wallet list.
 */
export function connectPlan(wallets: readonly InjectedWallet[], { touchFirst }: { touchFirst: boolean }): ConnectPlan {
  return touchFirst && wallets.length === 1 ? { kind: "direct", wallet: wallets[0]! } : { kind: "list" };
}

/** A touch screen is the main pointer: phones and tablets, not desktops (a touch laptop's is its mouse). */
export function isTouchFirst(): boolean {
  return (
    typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia("(pointer: coarse)").matches
  );
}

// Announcements are collected from the moment this module loads: a wallet also announces once on
// its own when it injects, so a late one is still seen.
const announced: unknown[] = [];
if (typeof window !== "undefined") {
  window.addEventListener("eip6963:announceProvider", (event) => announced.push((event as CustomEvent<unknown>).detail));
  window.dispatchEvent(new Event("eip6963:requestProvider"));
}

function windowEthereum(): unknown {
  return (window as { ethereum?: unknown }).ethereum;
}

/** Wallets known right now (for hints; connecting asks again with `discoverInjectedWallets`). */
export function knownInjectedWallets(): InjectedWallet[] {
  return typeof window === "undefined" ? [] : distinctInjectedWallets(announced, windowEthereum());
}

/**
 * Whether this browser holds a wallet right now: `knownInjectedWallets().length > 0` without
 * telling them apart, so that the boot script (src/boot/show-first-screen.ts), which asks only
 * this, carries a few lines rather than the whole sorting.
 */
export function holdsInjectedWallet(): boolean {
  if (typeof window === "undefined") return false;
  if (announced.some(isAnnouncement)) return true;
  const ethereum = windowEthereum();
  const legacy = isProvider(ethereum) && (ethereum as { providers?: unknown }).providers;
  return legacy !== false && (!Array.isArray(legacy) || legacy.length === 0 || legacy.some(isProvider));
}

/** Asks wallets to announce themselves (EIP-6963) and answers the distinct ones after `settleMs`. */
export async function discoverInjectedWallets(settleMs = 50): Promise<InjectedWallet[]> {
  if (typeof window === "undefined") return [];
  // Compliant wallets answer synchronously inside dispatchEvent; the wait covers slower ones.
  window.dispatchEvent(new Event("eip6963:requestProvider"));
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return knownInjectedWallets();
}
