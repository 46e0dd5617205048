import { type ComponentType, type ReactElement, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { protocolPath } from "@/config/paths";

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

export const FIGURES_FIRST_PATHS: readonly string[] = Object.keys(PREVIEWS);

/** Each loaded preview as the element to render (one component per path, so it keeps its state). */
const loaded = new Map<string, ReactElement>();

/** Loads the preview of the page at `path` (none for a page without one); settles once it is here. */
export function loadFiguresPreview(path: string): Promise<void> {
  const load = PREVIEWS[path];
  if (!load || loaded.has(path)) return Promise.resolve();
  return load().then(({ default: Preview }) => void loaded.set(path, <Preview />));
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
