/**
 * The protocol pages' weight at phone size: for every protocol menu, the JavaScript (gzip) a
 * signed-in user's phone loads when opening the route, and what tapping "Connect" adds (RainbowKit's
 * list and modal). `protocolRouteWeights` is what `npm run bench` can gate on; run this file alone
 * (`node --import tsx bench/protocol-weight.ts [--files] [menu ids…]`) to measure on a stack of its
 * own (BENCH_* ports) and print each route's files. ADR-0179, "Protocol routes' weight".
 */
import type { BrowserContext } from "playwright-core";
import { protocolMenus, type ProtocolMenuId } from "../src/config/paths";
import { httpSession, storeSession } from "../test/e2e/support/shop-fixtures";
import { startBenchStack } from "./bench-stack";
import { type RouteJs, routeJs } from "./web-bundle";

const KB = 1024;

/** The budgets, KB gzip. */
export const PROTOCOL_BUDGETS_KB = {
  /** Any protocol route as it opens, wagmi and viem reads included, before "Connect". */
  route: 220,
  /** The dashboard, which needs no wallet code. */
  dashboard: 140,
  /** What tapping "Connect" adds on a protocol route. */
  connect: 180,
} as const;

/**
 * A phone's browser as it names itself. The viewport alone is not enough: RainbowKit picks its
 * modal by the user agent, and with a desktop one it preloads the desktop modal's illustrations
 * (7 KB gzip) that a phone never shows.
 */
export const PHONE_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";

/** The protocol pages' "Connect" button (the wrong-chain guard's, shown while no wallet is connected). */
export const PROTOCOL_CONNECT_BUTTON = '[data-testid="protocol-connect"]';

export interface ProtocolRouteWeight {
  id: ProtocolMenuId;
  path: string;
  /** gzip bytes loaded when the route opens. */
  routeGzip: number;
  /** gzip bytes that tapping "Connect" adds; null for the dashboard (no wallet there). */
  connectGzip: number | null;
  files: RouteJs["files"];
}

/**
 * Measures every protocol route on a running app at `webUrl` (its `#` routes), with `prepare`
 * setting up the browser context first (a stored session: the pages as a signed-in user sees them).
 */
export async function protocolRouteWeights(
  webUrl: string,
  opts: { prepare?: (context: BrowserContext) => Promise<void>; only?: readonly string[] } = {},
): Promise<ProtocolRouteWeight[]> {
  const out: ProtocolRouteWeight[] = [];
  for (const menu of protocolMenus) {
    if (opts.only?.length && !opts.only.includes(menu.id)) continue;
    const dashboard = menu.id === "dashboard";
    const js = await routeJs(`${webUrl}#${menu.path}`, {
      prepare: opts.prepare,
      ready: dashboard ? '[data-testid="dashboard-now"]' : PROTOCOL_CONNECT_BUTTON,
      walletButton: dashboard ? undefined : PROTOCOL_CONNECT_BUTTON,
      walletReady: '[role="dialog"]',
      userAgent: PHONE_USER_AGENT,
    });
    out.push({
      id: menu.id,
      path: menu.path,
      routeGzip: js.initialGzip,
      connectGzip: dashboard ? null : js.totalGzip - js.initialGzip,
      files: js.files,
    });
  }
  return out;
}

/** The budget misses among `weights`, one line each (empty when all fit). */
export function protocolBudgetMisses(weights: readonly ProtocolRouteWeight[], budgets = PROTOCOL_BUDGETS_KB): string[] {
  return weights.flatMap((w) => {
    const routeBudget = w.id === "dashboard" ? budgets.dashboard : budgets.route;
    const misses: string[] = [];
    if (w.routeGzip > routeBudget * KB)
      misses.push(`${w.id}: ${kb(w.routeGzip)} KB > ${routeBudget} KB (${w.routeGzip - routeBudget * KB} bytes over)`);
    if (w.connectGzip !== null && w.connectGzip > budgets.connect * KB)
      misses.push(`${w.id} + Connect: ${kb(w.connectGzip)} KB > ${budgets.connect} KB`);
    return misses;
  });
}

function kb(bytes: number): string {
  return (bytes / KB).toFixed(1);
}

async function main() {
  const args = process.argv.slice(2);
  const showFiles = args.includes("--files");
  const only = args.filter((a) => !a.startsWith("--"));
  const { stack, stop } = await startBenchStack("protocol-weight");
  try {
    const session = await httpSession(stack.apiUrl, stack.webUrl, 1);
    const weights = await protocolRouteWeights(stack.webUrl, {
      prepare: (context) => storeSession(context, session),
      only,
    });
    console.log(`${"route".padEnd(12)} ${"opens".padStart(9)} ${"+Connect".padStart(9)}`);
    for (const w of weights) {
      console.log(
        `${w.id.padEnd(12)} ${kb(w.routeGzip).padStart(9)} ${(w.connectGzip === null ? "—" : kb(w.connectGzip)).padStart(9)}`,
      );
      if (showFiles)
        for (const f of [...w.files].sort((a, b) => b.gzip - a.gzip))
          console.log(`    ${f.phase === "wallet" ? "+" : " "} ${kb(f.gzip).padStart(6)}  ${f.url}`);
    }
    const misses = protocolBudgetMisses(weights);
    console.log(misses.length ? `\nOver budget:\n  ${misses.join("\n  ")}` : "\nAll within budget.");
    if (misses.length) process.exitCode = 1;
  } finally {
    await stop();
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
