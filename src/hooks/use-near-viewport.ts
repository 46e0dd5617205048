import { useEffect, useState } from "react";

/**
 * True once the element comes within `margin` of the viewport. The chart library loads only
 * then: on a phone the charts sit below the current figures, so first paint does not wait for it.
 * Returns a callback ref, so an element that appears later (after its data) is observed too.
 */
export function useNearViewport<T extends Element>(margin = "200px"): [(el: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  // Without IntersectionObserver (old browsers, tests) the chart just loads.
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, margin]);
  return [setElement, near];
}
