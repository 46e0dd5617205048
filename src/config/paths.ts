/**
 * Every route of the app, with exactly the specification's paths (§2). Only some pages exist
 * yet; the router registers those, and later issues add the rest from this one table.
 */
export const paths = {
  root: "/",
  home: "/pages/index/index",
  login: "/pages/login/login",
  productRevenue: "/pages/index/productRevenue",
  playerEarnings: "/pages/index/playerEarnings",
  quarterlyEarnings: "/pages/index/quarterlyEarnings",
  incomeInvestment: "/pages/index/incomeInvestment",
  my: "/pages/my/my",
  nameAuthentication: "/pages/my/nameAuthentication",
  bank: "/pages/my/bank",
  assets: "/pages/assets/assets",
  recharge: "/pages/assets/recharge",
  alloy: "/pages/alloy/index",
  alloyDetail: "/pages/alloy/allayDetail",
  notice: "/pages/notice/notice",
  noticeDetail: "/pages/notice/notice-detail",
  address: "/pages/address/address",
  addressAdd: "/pages/address/address-add",
  goodsDetail: "/pages/goods-detail/goods-detail",
  team: "/pages/team/team",
  findPwd: "/pages/find-pwd/find-pwd",
  /** Protocol menus (DESIGN.md §1) live below this prefix. */
  protocol: "/pages/protocol",
  /** The operator console; its areas are below it (features/admin/utils/areas.ts). */
  admin: "/admin",
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The protocol menus of the text catalogue (specification §1), each at its route below `paths.protocol`. */
export const protocolMenus = [
  { id: "dashboard", path: `${paths.protocol}/dashboard` },
  { id: "stake", path: `${paths.protocol}/stake` },
  { id: "bond", path: `${paths.protocol}/bond` },
  { id: "claimProfit", path: `${paths.protocol}/claim-profit` },
  { id: "win", path: `${paths.protocol}/win` },
  { id: "winReward", path: `${paths.protocol}/win-reward` },
  { id: "win1Reward", path: `${paths.protocol}/win1-reward` },
  { id: "daoReward", path: `${paths.protocol}/dao-reward` },
  { id: "idoRelease", path: `${paths.protocol}/ido-release` },
  { id: "boardroom", path: `${paths.protocol}/boardroom` },
  { id: "exchange", path: `${paths.protocol}/exchange` },
  { id: "bridge", path: `${paths.protocol}/bridge` },
  { id: "lottery", path: `${paths.protocol}/lottery` },
] as const;

export type ProtocolMenuId = (typeof protocolMenus)[number]["id"];

/** The route of a protocol menu. */
export function protocolPath(id: ProtocolMenuId): string {
  return protocolMenus.find((m) => m.id === id)!.path;
}

/**
 * Query pages only display public data. A 401 reply there is not a reason to end the session
 * (specification §4/§8): the page still works without one. The login page is listed too: it has
 * no session to end, and a refused sign-in is reported on the page itself.
 */
export const QUERY_PAGES: readonly string[] = [
  paths.root,
  paths.home,
  paths.login,
  paths.goodsDetail,
  paths.notice,
  paths.noticeDetail,
];

/**
 * Pages anyone may open; every other page sends a signed-out visitor to the login page. Today
 * these are the query pages: find-pwd resets the fund password of a signed-in user (DESIGN.md §1).
 */
export const PUBLIC_PAGES: readonly string[] = QUERY_PAGES;

/**
 * Pages whose whole purpose is an action that needs a registered account (issue 13): a signed-in
 * address that has not registered is sent to registration first, and back here afterwards.
 */
export const REGISTRATION_PAGES: readonly string[] = [
  paths.recharge,
  paths.nameAuthentication,
  paths.bank,
  paths.address,
  paths.addressAdd,
];

/** `route` may carry a query ("/pages/my/bank?x=1"). */
export function isRegistrationPage(route: string): boolean {
  return REGISTRATION_PAGES.includes(route.split("?")[0] ?? "");
}

export function isQueryPage(path: string): boolean {
  return QUERY_PAGES.includes(path);
}

export function isPublicPage(path: string): boolean {
  return PUBLIC_PAGES.includes(path);
}

/** The hash route's path (without its query), e.g. "/pages/my/my" for "#/pages/my/my?lang=cn". */
export function currentHashPath(hash: string = typeof window === "undefined" ? "" : window.location.hash): string {
  const route = hash.replace(/^#/, "");
  const path = route.split("?")[0] ?? "";
  return path === "" ? paths.root : path;
}

/** A hash URL for `path`, for places outside the router (the API client's logout). */
export function hashHref(path: string): string {
  return `#${path}`;
}
