import { act } from "@testing-library/react";
import { vi } from "vitest";

/**
 * An IntersectionObserver the test drives, installed as the global one (call it in `beforeEach`;
 * `vi.unstubAllGlobals()` removes it): `enter()` reports every observed element as visible, and
 * `observed()` lists what is being watched.
 */
export function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      entry: { callback: IntersectionObserverCallback; elements: Element[] };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, elements: [] };
        observers.push(this.entry);
      }
      observe(el: Element) {
        this.entry.elements.push(el);
      }
      disconnect() {
        this.entry.elements = [];
      }
    },
  );
  return {
    enter: () =>
      act(() => {
        for (const o of observers)
          o.callback(
            o.elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
            {} as IntersectionObserver,
          );
      }),
    observed: () => observers.flatMap((o) => o.elements),
  };
}
