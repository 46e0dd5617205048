import { paths, protocolMenus, protocolPath } from "./paths";

/** The landing pages: the ones people open from a link or a home screen. */
export type LandingRoute = "home" | "login" | "goodsDetail" | "assets" | "my" | "dashboard" | "stake" | "bond" | "lottery";

const LANDING_OF_PATH: Record<string, LandingRoute> = {
  [paths.root]: "home",
  [paths.home]: "home",
  [paths.login]: "login",
  [paths.goodsDetail]: "goodsDetail",
  [paths.assets]: "assets",
  [paths.my]: "my",
  // The protocol page anyone may open from a link: its figures come from the server (ADR-0209).
  [protocolPath("dashboard")]: "dashboard",
  // The protocol pages whose first cards the server's figures paint (ADR-0210), for a signed-in
  // visitor: the cards the app paints while the wallet code loads, drawn by the server (ADR-0213).
  [protocolPath("stake")]: "stake",
  [protocolPath("bond")]: "bond",
  [protocolPath("lottery")]: "lottery",
};

/**
 * Who a landing page's first screen is drawn for: `anyone` (signed in or not), `signed-out`
 * (sign-in: a session moves on from it) or `signed-in` (behind sign-in: without a session the app
 * sends the visitor to sign in).
 */
export const LANDING_AUDIENCE: Record<LandingRoute, "anyone" | "signed-out" | "signed-in"> = {
  home: "anyone",
  goodsDetail: "anyone",
  login: "signed-out",
  assets: "signed-in",
  my: "signed-in",
  dashboard: "anyone",
  stake: "signed-in",
  bond: "signed-in",
  lottery: "signed-in",
};

/**
 * The landing pages whose first screen shows a date or a time: the protocol's "as of block N"
 * lines and the assets' records. The boot script has a worker load the date data for them while it
 * waits for the screen (boot/warm-intl-worker.ts, ADR-0221 and ADR-0226); a test
 * renders the pages anyone may open and holds this list to the times each one shows.
 */
export const LANDINGS_WITH_TIMES: ReadonlySet<LandingRoute> = new Set(["dashboard", "stake", "bond", "lottery", "assets"]);

/** One path of each landing page (the web server loads their code at its start). */
export function landingPaths(): string[] {
  const seen = new Map<LandingRoute, string>();
  for (const [path, route] of Object.entries(LANDING_OF_PATH)) if (!seen.has(route)) seen.set(route, path);
  return [...seen.values()];
}

/** Which landing page a hash opens, if any, with its query. */
export function landingOf(hash: string): { route: LandingRoute; search: URLSearchParams } | null {
  const [path = "", query = ""] = hash.replace(/^#/, "").split("?");
  const route = LANDING_OF_PATH[path || paths.root];
  return route ? { route, search: new URLSearchParams(query) } : null;
}

/** Whether a visitor with (`signedIn`) or without a session gets the page's first screen. */
export function drawnFor(route: LandingRoute, signedIn: boolean): boolean {
  const audience = LANDING_AUDIENCE[route];
  return audience === "anyone" || (audience === "signed-in") === signedIn;
}

/**
 * The pages behind sign-in (the router's `RequireAuth`; a test holds the two together): opened
 * without a session, the app sends the visitor to sign in and back here afterwards. The boot
 * script does the same before the app has arrived, so that such a link, shared into a wallet's
 * browser, paints the sign-in screen from the web server at once (ADR-0200).
 */
export const SIGN_IN_FIRST: readonly string[] = [
  paths.my,
  paths.alloy,
  paths.assets,
  ...protocolMenus.filter((m) => m.id !== "dashboard").map((m) => m.path),
  paths.recharge,
  paths.nameAuthentication,
  paths.bank,
  paths.address,
  paths.addressAdd,
  paths.team,
  paths.findPwd,
  paths.alloyDetail,
  paths.productRevenue,
  paths.playerEarnings,
  paths.quarterlyEarnings,
  paths.incomeInvestment,
];

/**
 * The path (and query) of a hash behind sign-in, to return to after signing in; null for any
 * other. The console (`/admin/…`) is behind sign-in too, but an operator's link is not a shared
 * one: the app decides there as before.
 */
export function signInFirst(hash: string): string | null {
  const route = hash.replace(/^#/, "");
  const [path = ""] = route.split("?");
  return SIGN_IN_FIRST.includes(path) ? route : null;
}
