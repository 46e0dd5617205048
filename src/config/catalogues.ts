/**
 * The app's texts are written one file per language (`locales/<lang>.json`) and delivered in
 * catalogues: the build cuts each file by key prefix (vite.config.mts), the shop catalogue (what
 * the app's shell shows on every page) loads with the app, and a route that shows texts of another
 * names that catalogue (app/router.tsx), which then loads beside the route's code. A refusal's
 * text loads with its key (lib/api-refusal). Home, a product and the sign-in page each load only
 * the shop's and their own (ADR-0215); the protocol's pages theirs and the layout's (ADR-0217).
 * The operator console keeps its own files (`locales/console/`), loaded by the console.
 */
export const CATALOGUES = [
  "shop",
  "goods",
  "wallet",
  "refusals",
  "account",
  "protocol",
  "protocolPages",
  "lottery",
  "boardroom",
] as const;
export type Catalogue = (typeof CATALOGUES)[number];

/**
 * Prefixes (a key's first segment) whose keys live outside the shop catalogue. A prefix not
 * listed is the shop's, so a new key is never missing, only maybe heavier than it needs to be.
 */
const PREFIX_CATALOGUE: Record<string, Catalogue> = {
  account: "account",
  address: "account",
  adjust: "account",
  admin: "account",
  alloy: "account",
  application: "account",
  approvals: "account",
  assets: "account",
  bank: "account",
  debt: "account",
  earnings: "account",
  encryption: "account",
  findPwd: "account",
  identity: "account",
  invite: "account",
  my: "account",
  profile: "account",
  recharge: "account",
  review: "account",
  roles: "account",
  team: "account",
  transfer: "account",
  upload: "account",
  users: "account",
  withdraw: "account",
  // What the shop's pages show: home, a product and the notices (not the sign-in page).
  checkin: "goods",
  home: "goods",
  notices: "goods",
  orders: "goods",
  products: "goods",
  // Connecting a wallet, signing in, registering, a transaction's progress: the sign-in page, the
  // protocol's wallet layout, recharge (not home or a product).
  login: "wallet",
  register: "wallet",
  signIn: "wallet",
  tx: "wallet",
  wallet: "wallet",
  // Refusals only the server sends: loaded with the refusal (lib/api-refusal) or by a page that
  // names them itself.
  chain: "refusals",
  code: "refusals",
  events: "refusals",
  fundPassword: "refusals",
  // The protocol's pages that write (the wallet layout's); the layout's own texts and the
  // read-only dashboard's are the protocol catalogue (PROTOCOL_LAYOUT_GROUPS). The two pages with
  // the most texts keep them to themselves (ADR-0217).
  bridge: "protocolPages",
  protocol: "protocolPages",
  boardroom: "boardroom",
  lottery: "lottery",
};

/**
 * Groups (prefix → second segments) kept in the shop catalogue: the zone tab lists the protocol
 * menus; the shell's registration prompt may open on any page, and "my" shows the banner.
 */
const SHOP_GROUPS: Record<string, readonly string[]> = { protocol: ["menu", "menuTitle"], register: ["banner", "prompt"] };

/** Groups of the protocol prefix that the protocol layout and the dashboard show. */
const PROTOCOL_LAYOUT_GROUPS: readonly string[] = ["asOf", "dashboard"];

/**
 * The API's own refusals (malformed calls, limits, outages) that only ever arrive from the server:
 * the app's code shows `api.failed`, `api.network`, `api.timeout`, `api.relogin` and
 * `api.invalidInput` itself, which stay in the shop catalogue.
 */
const REFUSAL_GROUPS: Record<string, readonly string[]> = {
  api: [
    "badUrl",
    "bodyTooLarge",
    "emptyBody",
    "incompleteBody",
    "internal",
    "malformedBody",
    "noAnswer",
    "noSuchCall",
    "notReady",
    "requestRefused",
    "tooManyRequests",
    "unavailable",
    "unsupportedContentType",
  ],
};

export function catalogueOf(key: string): Catalogue {
  const [prefix = "", group = ""] = key.split(".", 2);
  if (SHOP_GROUPS[prefix]?.includes(group)) return "shop";
  if (REFUSAL_GROUPS[prefix]?.includes(group)) return "refusals";
  if (prefix === "protocol" && PROTOCOL_LAYOUT_GROUPS.includes(group)) return "protocol";
  return PREFIX_CATALOGUE[prefix] ?? "shop";
}
