import type { ComponentType } from "react";
import { type RouteObject, RouterProvider, createHashRouter } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { paths, protocolPath } from "@/config/paths";
import { redirectIfLoggedInLoader, requireAuthLoader, requireRegistrationLoader } from "./require-auth";
import { RootLayout, TabLayout } from "./root-layout";
import { RouteError } from "./routes/route-error";

type RouteModule = { default: ComponentType };

/** Every page is its own lazily loaded module. */
const page = (load: () => Promise<RouteModule>) => async () => ({ Component: (await load()).default });

const home = page(() => import("./routes/home"));

/**
 * Only pages that exist are registered; the complete table of paths is `config/paths.ts`.
 * Unknown paths (pages of later issues included) get the not-found page.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: TabLayout,
        children: [
          { path: paths.root, lazy: home },
          { path: paths.home, lazy: home },
          {
            loader: requireAuthLoader,
            children: [{ path: paths.my, lazy: page(() => import("./routes/my")) }],
          },
          // Shop (issue 5): the zone tab.
          { loader: requireAuthLoader, children: [{ path: paths.alloy, lazy: page(() => import("./routes/alloy")) }] },
          // Assets and account (issue 6): the assets tab.
          { loader: requireAuthLoader, children: [{ path: paths.assets, lazy: page(() => import("./routes/assets")) }] },
          // Protocol pages (issues 7 and 8), with the zone tab's bar (issue 13): one layout with the
          // menu; the pages that write nest in the wallet layout (wallet stack and wrong-chain
          // guard); the read-only dashboard does not.
          {
            lazy: page(() => import("./routes/protocol-layout")),
            children: [
              { path: protocolPath("dashboard"), lazy: page(() => import("./routes/protocol-dashboard")) },
              {
                loader: requireAuthLoader,
                lazy: page(() => import("./routes/protocol-wallet-layout")),
                children: [
                  // Issue 7.
                  { path: protocolPath("stake"), lazy: page(() => import("./routes/protocol-stake")) },
                  { path: protocolPath("bond"), lazy: page(() => import("./routes/protocol-bond")) },
                  { path: protocolPath("claimProfit"), lazy: page(() => import("./routes/protocol-claim-profit")) },
                  { path: protocolPath("win"), lazy: page(() => import("./routes/protocol-win")) },
                  { path: protocolPath("winReward"), lazy: page(() => import("./routes/protocol-win-reward")) },
                  { path: protocolPath("win1Reward"), lazy: page(() => import("./routes/protocol-win1-reward")) },
                  { path: protocolPath("daoReward"), lazy: page(() => import("./routes/protocol-dao-reward")) },
                  { path: protocolPath("idoRelease"), lazy: page(() => import("./routes/protocol-ido-release")) },
                  { path: protocolPath("exchange"), lazy: page(() => import("./routes/protocol-exchange")) },
                  // Issue 8: boardroom, bridge, lottery.
                  { path: protocolPath("boardroom"), lazy: page(() => import("./routes/protocol-boardroom")) },
                  { path: protocolPath("bridge"), lazy: page(() => import("./routes/protocol-bridge")) },
                  { path: protocolPath("lottery"), lazy: page(() => import("./routes/protocol-lottery")) },
                ],
              },
            ],
          },
        ],
      },
      // Assets and account (issue 6): signed-in pages without the tab bar.
      {
        loader: requireAuthLoader,
        children: [
          // Actions that need a registered account (issue 13).
          {
            loader: requireRegistrationLoader,
            children: [
              { path: paths.recharge, lazy: page(() => import("./routes/recharge")) },
              { path: paths.nameAuthentication, lazy: page(() => import("./routes/name-authentication")) },
              { path: paths.bank, lazy: page(() => import("./routes/bank")) },
              { path: paths.address, lazy: page(() => import("./routes/address")) },
              { path: paths.addressAdd, lazy: page(() => import("./routes/address-add")) },
            ],
          },
          { path: paths.team, lazy: page(() => import("./routes/team")) },
          { path: paths.findPwd, lazy: page(() => import("./routes/find-pwd")) },
        ],
      },
      // Shop (issue 5): public query pages, then the signed-in ones.
      { path: paths.goodsDetail, lazy: page(() => import("./routes/goods-detail")) },
      { path: paths.notice, lazy: page(() => import("./routes/notice")) },
      { path: paths.noticeDetail, lazy: page(() => import("./routes/notice-detail")) },
      {
        loader: requireAuthLoader,
        children: [
          { path: paths.alloyDetail, lazy: page(() => import("./routes/alloy-detail")) },
          { path: paths.productRevenue, lazy: page(() => import("./routes/product-revenue")) },
          { path: paths.playerEarnings, lazy: page(() => import("./routes/player-earnings")) },
          { path: paths.quarterlyEarnings, lazy: page(() => import("./routes/quarterly-earnings")) },
          { path: paths.incomeInvestment, lazy: page(() => import("./routes/income-investment")) },
        ],
      },
      // The operator console: one lazily loaded tree of its own, nothing of it in the shop's chunks.
      { path: `${paths.admin}/*`, loader: requireAuthLoader, lazy: page(() => import("./routes/admin")) },
      { path: paths.login, loader: redirectIfLoggedInLoader, lazy: page(() => import("./routes/login")) },
      { path: "*", lazy: page(() => import("./routes/not-found")) },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(routes);
}

export function AppRouter({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return <RouterProvider router={router} />;
}
