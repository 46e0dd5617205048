import type { QueryClient } from "@tanstack/react-query";
import type { LandingRoute } from "@/config/landing-pages";
import { productQueryOptions } from "@/features/products/api/get-product";
import { productsQueryOptions } from "@/features/products/api/get-products";
import { latestNoticesQueryOptions } from "@/features/notices/api/get-latest-notices";
import { CARD_IMAGE_SIZES, GALLERY_SIZES } from "@/features/products/image-sizes";
import { userInfoQueryOptions } from "@/features/user/api/get-user-info";
import { positiveId } from "./routes/search-id";

/** The image a page's first paint is largest by, at the size the page shows it. */
export interface LargestImage {
  src: string | undefined;
  sizes: string;
}

/** Who the page is drawn for: the signed-in account's address (the session's), or null. */
export interface LandingVisitor {
  address: string | null;
}

/** One query a landing page's first paint shows; settles with that paint's largest image, if it holds one. */
type LandingQuery = (client: QueryClient, visitor: LandingVisitor) => Promise<LargestImage | null>;

/**
 * The data each landing page's first paint shows, declared once: the web server's render
 * (src/boot/first-screen.tsx), the app's first render and every later navigation to the page
 * (app/router.tsx) load exactly these queries, through whichever API the query client reaches
 * (lib/api-of-client.ts). null: the page cannot be drawn from data (a product id that is not one).
 */
const userInfo: LandingQuery = (client) => client.fetchQuery(userInfoQueryOptions()).then(() => null);

/**
 * The protocol's public figures at the chain's head, read by the server (ADR-0209); a chain that
 * does not answer gives none, and the page then reads the chain itself. Its query's module is the
 * protocol's: imported when needed, so the shop's first load holds none of it.
 */
const publicFigures: LandingQuery = (client) =>
  import("@/lib/protocol/public-figures")
    .then(({ publicFiguresQueryOptions }) => client.fetchQuery(publicFiguresQueryOptions()))
    .then(() => null);

/**
 * The signed-in account's own figures, read by the server for its session (ADR-0212), keyed by its
 * address. Without them the page is drawn all the same: its own reads bring them.
 */
const myFigures: LandingQuery = (client, { address }) =>
  address
    ? import("@/lib/protocol/my-figures")
        .then(({ myFiguresQueryOptions }) => client.fetchQuery(myFiguresQueryOptions(address)))
        .then(
          () => null,
          () => null,
        )
    : Promise.resolve(null);

/**
 * Home's notice line. Drawn with the page, so that the app, hydrating it, neither asks for them
 * again nor draws the line a second time once they arrive. A page is drawn all the same without
 * them: the failed query is dropped, so the line shows "loading" on both sides and the app's own
 * read brings them.
 */
const latestNotices: LandingQuery = (client) => {
  const notices = latestNoticesQueryOptions();
  return client.fetchQuery(notices).then(
    () => null,
    () => {
      client.removeQueries({ queryKey: notices.queryKey, exact: true });
      return null;
    },
  );
};

const LANDING_DATA: Record<LandingRoute, (search: URLSearchParams) => LandingQuery[] | null> = {
  home: () => [
    (client) =>
      client
        .fetchInfiniteQuery(productsQueryOptions())
        .then((data) => ({ src: data.pages[0]?.list[0]?.images[0], sizes: CARD_IMAGE_SIZES })),
    latestNotices,
  ],
  goodsDetail: (search) => {
    const id = positiveId(search.get("id"));
    if (id === null) return null;
    return [
      (client) =>
        client.fetchQuery(productQueryOptions(id)).then((product) => ({ src: product.images[0], sizes: GALLERY_SIZES })),
    ];
  },
  login: () => [],
  // A signed-in visitor's own pages: their account and balances (the session goes with the
  // render's API calls; ADR-0198).
  assets: () => [userInfo],
  my: () => [userInfo],
  dashboard: () => [publicFigures],
  // The cards the protocol pages paint while the wallet code loads (app/protocol-figures-preview.tsx).
  stake: () => [publicFigures, myFigures],
  bond: () => [publicFigures],
  lottery: () => [publicFigures],
};

/**
 * Loads the landing page's data into `client`: the largest images of its first paint, or null
 * when the page has no data to draw. Rejects when a query fails.
 */
export async function loadLandingData(
  client: QueryClient,
  route: LandingRoute,
  search: URLSearchParams,
  visitor: LandingVisitor = { address: null },
): Promise<LargestImage[] | null> {
  const queries = LANDING_DATA[route](search);
  if (!queries) return null;
  const images = await Promise.all(queries.map((query) => query(client, visitor)));
  return images.filter((image): image is LargestImage => image !== null);
}
