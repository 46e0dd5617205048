import { responsiveSources } from "@/lib/responsive-image";
import "./product-image.css";

interface ProductImageProps {
  src: string;
  alt: string;
  /** The box, in CSS pixels: it holds its size before the image arrives, so nothing shifts. */
  width: number;
  height: number;
  /** How wide the box is drawn (the `sizes` attribute), so the browser picks the right file. */
  sizes: string;
  /** The page's largest image (its LCP): loaded at once and first; every other one lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * A product image in a box of fixed size. Our own images (the demo catalogue) come as AVIF or
 * WebP at the width the screen needs, JPEG for a browser that takes neither; an image an
 * operator links from another host is shown as it is, in the same box (cropped to fill it).
 */
export function ProductImage({ src, alt, width, height, sizes, priority = false, className }: ProductImageProps) {
  const responsive = responsiveSources(src);
  return (
    <picture className={["product-image", className].filter(Boolean).join(" ")}>
      {responsive?.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      <img
        src={responsive?.fallback.src ?? src}
        srcSet={responsive?.fallback.srcSet}
        sizes={responsive ? sizes : undefined}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding={priority ? undefined : "async"}
      />
    </picture>
  );
}
