/** How long to wait for the element to be drawn before giving up on deferring (frames, ~2 s). */
const MAX_FRAMES = 120;

/** Inputs after which a part is wanted wherever it is: a tap on it must find it working soon. */
const INPUTS = ["pointerdown", "keydown"] as const;

/**
 * Settles once the element with `id` comes within `margin` of the viewport, or at the visitor's
 * first tap or key. The element may not be drawn yet (a page rendering its fallback); it is looked
 * for each frame, and when it never comes the promise settles anyway: a part loads late, never not
 * at all. Without IntersectionObserver (old browsers, tests) it settles at once.
 */
export function whenNearViewport(id: string, margin: string): Promise<void> {
  if (typeof document === "undefined" || typeof IntersectionObserver === "undefined") return Promise.resolve();
  return new Promise<void>((settle) => {
    let observer: IntersectionObserver | undefined;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      observer?.disconnect();
      for (const type of INPUTS) window.removeEventListener(type, finish, { capture: true });
      settle();
    };
    for (const type of INPUTS) window.addEventListener(type, finish, { capture: true, passive: true });
    let frames = 0;
    const look = () => {
      if (done) return;
      const element = document.getElementById(id);
      if (element) {
        observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && finish(), {
          rootMargin: margin,
        });
        observer.observe(element);
      } else if (++frames > MAX_FRAMES) finish();
      else requestAnimationFrame(look);
    };
    look();
  });
}
