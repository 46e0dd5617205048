/**
 * The contract between the web app's first-screen renderer (src/boot/first-screen.tsx, built by
 * `vite build --ssr`) and the web server that runs it (web-server/first-screen.ts):
 * docs/decisions.md, "First screen from the server".
 */

/** Where the web server answers: `?hash=<location.hash>&lang=<language>`, HTML for #root or 204. */
export const FIRST_SCREEN_PATH = "/first-screen";

/** An API call the renderer makes through the web server: the envelope as the API sent it. */
export type FirstScreenApiCall = (
  method: "GET" | "POST",
  path: string,
  body?: string,
) => Promise<{ code?: unknown; data?: unknown }>;

/** The renderer: the HTML of #root for the page `hash` opens in `lang`, or null for none. */
export type RenderFirstScreen = (hash: string, lang: string, callApi: FirstScreenApiCall) => Promise<string | null>;
