/**
 * The contract between the web app's first-screen renderer (src/boot/first-screen.tsx, built by
 * `vite build --ssr`) and the web server that runs it (web-server/first-screen.ts):
 * ADR-0190, "First screen from the server".
 */

/**
 * Where the web server answers: `?hash=<location.hash>&lang=<language>` (and `&wallet=1` from a
 * browser that holds a wallet: sign-in is drawn as it shows there), a FirstScreen or 204.
 */
export const FIRST_SCREEN_PATH = "/first-screen";

/** The API's envelope, as it sent it. */
export interface FirstScreenReply {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
}

/** An API call the renderer makes through the web server. */
export type FirstScreenApiCall = (method: "GET" | "POST", path: string, body?: string) => Promise<FirstScreenReply>;

/** The image a first paint is largest by, at the size the page shows it: preloaded at once. */
export interface FirstScreenImage {
  src: string | undefined;
  sizes: string;
  /** One of our own images: its preferred format's candidates (the renderer knows the variants). */
  type?: string;
  srcSet?: string;
}

/**
 * The HTML of #root; the page's data as the app's query cache holds it (TanStack Query's
 * `dehydrate`), which the app hydrates before it hydrates the HTML; and the images to preload.
 */
export interface FirstScreen {
  html: string;
  state: unknown;
  images: FirstScreenImage[];
}

/**
 * A signed-in visitor's session as the boot script sends it (headers, never the URL): the
 * token their API calls carry, and the address their browser holds (ADR-0198).
 */
export interface FirstScreenVisitor {
  token: string;
  address: string | null;
}

/** The header the boot script sends a signed-in visitor's stored address in (the token goes in the API's own `token`). */
export const FIRST_SCREEN_ADDRESS_HEADER = "x-pex-address";

/**
 * The renderer: the first screen of the page `hash` opens in `lang`, or null for none. `visitor`
 * is the signed-in visitor it is drawn for (whose session `callApi` already carries), or null.
 */
export type RenderFirstScreen = (
  hash: string,
  lang: string,
  callApi: FirstScreenApiCall,
  visitor?: FirstScreenVisitor | null,
  browser?: { injectedWallet: boolean },
) => Promise<FirstScreen | null>;
