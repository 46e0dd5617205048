import { preferredSource } from "./responsive-image";

/**
 * Starts downloading an image the page is about to show (the largest of its first paint), at
 * high priority, before the element that shows it exists: its data may arrive before the page's
 * code. The element later finds the image in the browser's cache, so the preload names the same
 * file the element will pick: for one of our own images, its preferred format's candidates at
 * the element's `sizes` (a browser that cannot decode that type skips the preload).
 */
export function preloadImage(src: string | undefined, sizes: string): void {
  if (src) preloadImageAs({ src, sizes, ...preferredSource(src) });
}

/**
 * The same, for an image whose preferred candidates are already known (`type` and `srcSet`: the
 * web server's first screen names them, so index.html's boot script carries no table of variants).
 */
export function preloadImageAs({
  src,
  sizes,
  type,
  srcSet,
}: {
  src: string;
  sizes: string;
  type?: string;
  srcSet?: string;
}): void {
  if (document.head.querySelector(`link[rel="preload"][data-src="${CSS.escape(src)}"]`)) return;
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "image";
  link.dataset.src = src;
  if (type && srcSet) {
    link.type = type;
    link.setAttribute("imagesrcset", srcSet);
    link.setAttribute("imagesizes", sizes);
  } else link.href = src;
  link.fetchPriority = "high";
  document.head.append(link);
}
