import { IMAGE_VARIANTS, VARIANT_FORMATS } from "@/config/image-variants";

export interface ResponsiveSources {
  /** `<source>`s in the browser's order of preference (AVIF, then WebP). */
  sources: { type: string; srcSet: string }[];
  /** The `<img>`'s own candidates (JPEG): for a browser that takes neither. */
  fallback: { src: string; srcSet: string };
}

/**
 * The rendered variants of one of our own images (scripts/generate-images.ts), by the path the
 * data names; null for any other image (an operator's link to another host, an upload), which
 * is shown as it is.
 */
export function responsiveSources(src: string): ResponsiveSources | null {
  const entry = IMAGE_VARIANTS[src];
  if (!entry) return null;
  const srcSet = (ext: string) => entry.widths.map((w) => `${entry.base}-${w}.${ext} ${w}w`).join(", ");
  const formats = [...VARIANT_FORMATS];
  const last = formats.pop()!;
  // The middle width: what an old browser that ignores srcset gets.
  const middle = entry.widths[Math.floor(entry.widths.length / 2)]!;
  return {
    sources: formats.map((f) => ({ type: f.type, srcSet: srcSet(f.ext) })),
    fallback: { src: `${entry.base}-${middle}.${last.ext}`, srcSet: srcSet(last.ext) },
  };
}

/** The candidates a preload names for one of our own images: the browser's preferred format's. */
export function preferredSource(src: string): { type: string; srcSet: string } | undefined {
  return responsiveSources(src)?.sources[0];
}
