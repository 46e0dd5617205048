/**
 * When a protocol page the web server drew from its figures (stake, bond, lottery) may load its
 * wallet code: at the visitor's first input, or once the browser is idle after the hydration,
 * whichever comes first (issue 27, "wallet code after first input or when idle"; ADR-0216). Until
 * then the page's preview stays in its place (protocol-figures-preview.tsx), so the wallet stack's
 * download and evaluation never share the main thread with the hydration. Any other start of the
 * app wants the wallet code at once: nothing is held back unless `holdWalletCode` was called.
 */

/** The longest the wallet code waits for an idle moment, on a main thread that is never idle. */
const WALLET_CODE_IDLE_TIMEOUT_MS = 2_000;

/** What counts as the visitor's first input: they mean to use the page. */
const INPUTS = ["pointerdown", "keydown", "touchstart", "wheel"] as const;

let wanted = true;
const listeners = new Set<() => void>();
let disarm: (() => void) | null = null;

export function walletCodeWanted(): boolean {
  return wanted;
}

export function subscribeWalletCode(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs `start` now when the wallet code is wanted, else once it is. */
export function whenWalletCodeWanted(start: () => void): void {
  if (wanted) {
    start();
    return;
  }
  const unsubscribe = subscribeWalletCode(() => {
    unsubscribe();
    start();
  });
}

/** The wallet code is wanted from now on. */
export function wantWalletCode(): void {
  if (wanted) return;
  wanted = true;
  disarm?.();
  disarm = null;
  for (const listener of [...listeners]) listener();
}

/**
 * Holds the wallet code back until the first input or an idle moment after `afterHydration`
 * settles (the idle callback is only asked for then: the hydration's own slices leave the thread
 * idle between them).
 */
export function holdWalletCode(afterHydration: Promise<unknown>, win: Window = window): void {
  if (!wanted) return;
  wanted = false;
  const onInput = () => wantWalletCode();
  for (const type of INPUTS) win.addEventListener(type, onInput, { capture: true, passive: true });
  let idle: number | undefined;
  let timer: number | undefined;
  void afterHydration.finally(() => {
    if (wanted) return;
    if (typeof win.requestIdleCallback === "function")
      idle = win.requestIdleCallback(wantWalletCode, { timeout: WALLET_CODE_IDLE_TIMEOUT_MS });
    else timer = win.setTimeout(wantWalletCode, 0);
  });
  disarm = () => {
    for (const type of INPUTS) win.removeEventListener(type, onInput, { capture: true });
    if (idle !== undefined) win.cancelIdleCallback(idle);
    if (timer !== undefined) win.clearTimeout(timer);
  };
}
