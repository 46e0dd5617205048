/**
 * The shop's first load at phone size: the JavaScript that home, login and product detail load
 * before any wallet action, measured in Chromium against a served production build.
 *
 * `shopFirstLoad(webUrl)` is what `npm run bench` calls. Run alone, it starts the stack as
 * `npm start` does on the BENCH ports and prints each route's total and files:
 *   node --import tsx bench/shop-first-load.ts           measure once, stop
 *   node --import tsx bench/shop-first-load.ts --keep    measure, then keep serving (Ctrl-C stops);
 *                                                        rebuild with the printed command, then
 *   node --import tsx bench/shop-first-load.ts --url=http://127.0.0.1:32173/   measure again
 */
import path from "node:path";
import { startBenchStack } from "./bench-stack";
import { SHOP_ROUTE_JS_BUDGET, SHOP_ROUTES } from "./shop-routes";
import { routeJs } from "./web-bundle";

export { SHOP_ROUTE_JS_BUDGET, SHOP_ROUTES } from "./shop-routes";

export interface ShopRouteLoad {
  name: string;
  hash: string;
  /** gzip bytes of every script the route loaded. */
  gzip: number;
  files: { url: string; gzip: number }[];
}

export async function shopFirstLoad(webUrl: string): Promise<ShopRouteLoad[]> {
  const out: ShopRouteLoad[] = [];
  for (const { name, hash } of SHOP_ROUTES) {
    const js = await routeJs(`${webUrl}${hash}`);
    out.push({ name, hash, gzip: js.initialGzip, files: js.files.map(({ url, gzip }) => ({ url, gzip })) });
  }
  return out;
}

function print(loads: ShopRouteLoad[]) {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  for (const load of loads) {
    console.log(`${load.name.padEnd(16)} ${kb(load.gzip).padStart(10)}  (budget ${kb(SHOP_ROUTE_JS_BUDGET)})`);
    for (const f of [...load.files].sort((a, b) => b.gzip - a.gzip)) console.log(`    ${kb(f.gzip).padStart(9)}  ${f.url}`);
  }
}

async function main() {
  const urlArg = process.argv.find((a) => a.startsWith("--url="));
  if (urlArg) {
    print(await shopFirstLoad(urlArg.slice("--url=".length)));
    return;
  }
  const { stack, stop } = await startBenchStack("shop-load");
  try {
    print(await shopFirstLoad(stack.webUrl));
  } catch (err) {
    await stop();
    throw err;
  }
  if (!process.argv.includes("--keep")) return stop();
  const env = ["VITE_RPC_URL", "VITE_DEPLOYMENTS_FILE", "WEB_OUT_DIR"].map((k) => `${k}=${stack.env[k]}`).join(" ");
  console.log(`\nServing ${stack.webUrl}; rebuild with: ${env} npx vite build --logLevel warn`);
  process.once("SIGINT", () => void stop().then(() => process.exit(0)));
  process.once("SIGTERM", () => void stop().then(() => process.exit(0)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
