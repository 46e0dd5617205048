/**
 * The contract between the web app's first-screen renderer (src/boot/first-screen.tsx, built by
 * `vite build --ssr`) and the web server that runs it (web-server/first-screen.ts):
 * ADR-0190, "First screen from the server".
 */

/** Where the web server answers: `?hash=<location.hash>&lang=<language>`, a FirstScreen or 204. */
export const FIRST_SCREEN_PATH = "/first-screen";

/** The API's envelope, as it sent it. */
export interface FirstScreenReply {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
}

/** An API call the renderer makes through the web server. */
export type FirstScreenApiCall = (method: "GET" | "POST", path: string, body?: string) => Promise<FirstScreenReply>;

/** One call the screen was drawn from, with its reply: the app takes it instead of asking again. */
export interface FirstScreenCall {
  method: "GET" | "POST";
  /** As the API client names it: "/home/product/list?page=1&limit=10". */
  path: string;
  body?: string;
  reply: FirstScreenReply;
}

/** The HTML of #root, and the calls it was drawn from. */
export interface FirstScreen {
  html: string;
  calls: FirstScreenCall[];
}

/** The renderer: the first screen of the page `hash` opens in `lang`, or null for none. */
export type RenderFirstScreen = (hash: string, lang: string, callApi: FirstScreenApiCall) => Promise<FirstScreen | null>;
