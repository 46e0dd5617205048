import type { ComponentType } from "react";
import { type RouteObject, RouterProvider, createHashRouter } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { redirectIfLoggedInLoader, requireAuthLoader } from "./require-auth";
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
        ],
      },
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
