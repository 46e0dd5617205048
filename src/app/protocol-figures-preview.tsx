import { type ComponentType, type ReactElement, useEffect, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import type { Catalogue } from "@/config/catalogues";
import { protocolPath } from "@/config/paths";
import { loadCatalogues } from "@/lib/i18n";
import { subscribeWalletCode, walletCodeWanted } from "./wallet-code-wanted";

type PreviewModule = { default: ComponentType };

/**
 * The pages whose first card the server's figures paint (ADR-0209), and which place the wallet's
 * guard below it → that card's module. Each is a chunk of its own in routes/, loaded with its page
 * (router.tsx, preloadRoute): a page's preview is not in every protocol page's code.
 */
const PREVIEWS: Readonly<Record<string, () => Promise<PreviewModule>>> = {
  [protocolPath("stake")]: () => import("./routes/protocol-stake-preview"),
  [protocolPath("bond")]: () => import("./routes/protocol-bond-preview"),
  [protocolPath("lottery")]: () => import("./routes/protocol-lottery-preview"),
};

/**
 * A preview's texts beyond the protocol layout's, loaded beside its module: each card speaks from
 * its page's catalogue (ADR-0217).
 */
export const PREVIEW_TEXTS: Readonly<Record<string, readonly Catalogue[]>> = {
  [protocolPath("stake")]: ["protocolPages"],
  [protocolPath("bond")]: ["protocolPages"],
  [protocolPath("lottery")]: ["lottery"],
};

export const FIGURES_FIRST_PATHS: readonly string[] = Object.keys(PREVIEWS);

/** Each loaded preview as the element to render (one component per path, so it keeps its state). */
const loaded = new Map<string, ReactElement>();

/** Loads the preview of the page at `path` (none for a page without one); settles once it is here. */
export function loadFiguresPreview(path: string): Promise<void> {
  const load = PREVIEWS[path];
  if (!load) return Promise.resolve();
  // The code once; the texts each time, in the language of the moment, as a page's (router.tsx).
  const texts = loadCatalogues(PREVIEW_TEXTS[path] ?? []);
  if (loaded.has(path)) return texts;
  return Promise.all([load(), texts]).then(([{ default: Preview }]) => void loaded.set(path, <Preview />));
}

/**
 * What shows while a protocol page's code (the wallet stack, then the page) loads: on stake, bond
 * and lottery, the page's first card painted from the server's figures, the very component the page
 * renders in the same place, so the page replaces it without moving it; on any other page, or
 * until the preview's module or the figures are here, the spinner. No wallet code or ABI is
 * reached from here: this is in the protocol layout's chunk, which paints before the wallet's.
 */
export function ProtocolFiguresPreview() {
  const { pathname } = useLocation();
  const preview = loaded.get(pathname);
  const [, setArrived] = useState(0);
  useEffect(() => {
    if (!preview && PREVIEWS[pathname]) void loadFiguresPreview(pathname).then(() => setArrived((n) => n + 1));
  }, [preview, pathname]);
  return preview ?? <PageSpinner />;
}

/**
 * Whether the protocol layout draws the page's preview in the page's place, outside any Suspense
 * boundary, on a page painted first from the server's figures: while the web server draws it (it
 * never loads the wallet code, ADR-0213), while the browser hydrates that drawing (which must meet
 * the same markup rather than a page that suspends), and after, until the wallet code is wanted
 * (the first input or an idle moment, app/wallet-code-wanted.ts, ADR-0216). Then the place goes to
 * the page with the same preview as its fallback. The server snapshot is React's way to render one
 * thing while hydrating and another after.
 *
 * The snapshots are the answer itself, not whether the wallet code is wanted: React re-renders
 * after a hydration whenever the two snapshots differ, synchronously and with every suspended part
 * below hydrated in the same task. On a page without a preview (the dashboard) both are `false`,
 * so the layout is not drawn twice (ADR-0221).
 */
export function usePreviewFirst(pathname: string): boolean {
  const hasPreview = FIGURES_FIRST_PATHS.includes(pathname);
  return useSyncExternalStore(
    subscribeWalletCode,
    () => hasPreview && !walletCodeWanted(),
    () => hasPreview,
  );
}
