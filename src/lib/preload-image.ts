/**
 * Starts downloading an image the page is about to show (the largest of its first paint), at
 * high priority, before the element that shows it exists: its data may arrive before the page's
 * code. The element later finds the image in the browser's cache.
 */
export function preloadImage(src: string | undefined): void {
  if (!src || document.head.querySelector(`link[rel="preload"][href="${CSS.escape(src)}"]`)) return;
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "image";
  link.href = src;
  link.fetchPriority = "high";
  document.head.append(link);
}
