import { type ComponentType, Suspense, lazy, memo } from "react";
import { whenNearViewport } from "./when-near-viewport";

/** What a deferred part and its fallback are given: the id their element near the viewport carries. */
export interface DeferredPartProps {
  anchorId: string;
}

/** Every deferred part's loader, for a renderer that draws pages whole (the web server's). */
const loaders = new Set<() => Promise<unknown>>();

/**
 * Loads every deferred part's code now, so that later renders draw them at once: the web server
 * calls it once at its start (boot/first-screen.tsx), after the pages' modules, which declare them.
 */
export async function loadDeferredParts(): Promise<void> {
  await Promise.all([...loaders].map((load) => load()));
}

/**
 * A part of a page below the fold whose code loads only when it comes near the viewport (issue 27,
 * item 4: hydrate in parts; ADR-0220). Where the web server drew the page, its markup stays as drawn
 * (React keeps a suspended boundary's server HTML) and is hydrated once the code is here; where the
 * app draws the page itself, `Fallback` holds the place meanwhile. `anchorId` names an element of
 * both drawings (given to both as a prop) that tells when the part is near.
 */
export function deferredPart(
  anchorId: string,
  load: () => Promise<ComponentType<DeferredPartProps>>,
  Fallback: ComponentType<DeferredPartProps>,
  margin = "40px",
): ComponentType {
  let loaded: ComponentType<DeferredPartProps> | undefined;
  const loadNow = async () => {
    loaded ??= await load();
    return loaded;
  };
  loaders.add(loadNow);
  const Later = lazy(async () => {
    await whenNearViewport(anchorId, margin);
    return { default: await loadNow() };
  });
  // Without props and memoised: a parent's re-render never reaches the boundary while it still holds
  // the server's markup (an update there would make React draw the fallback in its place).
  return memo(function DeferredPart() {
    const Loaded = loaded;
    return (
      <Suspense fallback={<Fallback anchorId={anchorId} />}>
        {Loaded ? <Loaded anchorId={anchorId} /> : <Later anchorId={anchorId} />}
      </Suspense>
    );
  });
}
