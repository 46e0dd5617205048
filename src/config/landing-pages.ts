import { paths } from "./paths";

/** The shop's landing pages: the ones people open from a link or a home screen. */
export type LandingRoute = "home" | "login" | "goodsDetail";

const LANDING_OF_PATH: Record<string, LandingRoute> = {
  [paths.root]: "home",
  [paths.home]: "home",
  [paths.login]: "login",
  [paths.goodsDetail]: "goodsDetail",
};

/** Which landing page a hash opens, if any, with its query. */
export function landingOf(hash: string): { route: LandingRoute; search: URLSearchParams } | null {
  const [path = "", query = ""] = hash.replace(/^#/, "").split("?");
  const route = LANDING_OF_PATH[path || paths.root];
  return route ? { route, search: new URLSearchParams(query) } : null;
}
