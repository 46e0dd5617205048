/**
 * The app's texts are written one file per language (`locales/<lang>.json`) and delivered in
 * catalogues: the build cuts each file by key prefix (vite.config.mts), the shop catalogue loads
 * with the app, and a route that shows texts of another names that catalogue (app/router.tsx),
 * which then loads beside the route's code. A refusal's text loads with its key (lib/api-refusal).
 * The operator console keeps its own files (`locales/console/`), loaded by the console.
 */
export const CATALOGUES = ["shop", "account", "protocol"] as const;
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
  boardroom: "protocol",
  bridge: "protocol",
  lottery: "protocol",
  protocol: "protocol",
};

/** Groups (prefix → second segments) kept in the shop catalogue: the zone tab lists the protocol menus. */
const SHOP_GROUPS: Record<string, readonly string[]> = { protocol: ["menu", "menuTitle"] };

export function catalogueOf(key: string): Catalogue {
  const [prefix = "", group = ""] = key.split(".", 2);
  if (SHOP_GROUPS[prefix]?.includes(group)) return "shop";
  return PREFIX_CATALOGUE[prefix] ?? "shop";
}
