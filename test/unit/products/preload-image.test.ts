import { afterEach, describe, expect, it } from "vitest";
import { CARD_IMAGE_SIZES } from "@/features/products/image-sizes";
import { preloadImage } from "@/lib/preload-image";
import { responsiveSources } from "@/lib/responsive-image";

afterEach(() => document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove()));

describe("preloadImage", () => {
  it("preloads the file the picture will choose for one of our own images: its first format at the element's sizes", () => {
    const src = "/demo/products/copper.svg";
    const preferred = responsiveSources(src)!.sources[0]!;
    preloadImage(src, CARD_IMAGE_SIZES);
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"]')!;
    expect(link.as).toBe("image");
    expect(link.type).toBe(preferred.type);
    expect(link.getAttribute("imagesrcset")).toBe(preferred.srcSet);
    expect(link.getAttribute("imagesizes")).toBe(CARD_IMAGE_SIZES);
    // Not the master: the picture never loads it, so preloading it would be a wasted download.
    expect(link.getAttribute("href")).toBeNull();
  });

  it("preloads an image linked from another host as it is, once", () => {
    preloadImage("https://img.example.com/a.jpg", "96px");
    preloadImage("https://img.example.com/a.jpg", "96px");
    const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute("href")).toBe("https://img.example.com/a.jpg");
  });
});
