import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ProductImage } from "@/components/ui/product-image";
import { autoCleanup } from "../support/setup";

autoCleanup();

const OURS = "/demo/products/steel.svg";
const WIDTHS = [192, 288, 576, 864, 1152];
const srcset = (ext: string) => WIDTHS.map((w) => `/demo/products/variants/steel-${w}.${ext} ${w}w`).join(", ");

describe("a product image", () => {
  it("of ours offers AVIF, then WebP, at every rendered width, with JPEG as the <img> fallback", () => {
    const { container } = render(<ProductImage src={OURS} alt="steel" width={96} height={96} sizes="96px" />);
    const picture = container.querySelector("picture")!;
    const sources = [...picture.querySelectorAll("source")];
    expect(sources.map((s) => s.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    expect(sources[0]!.getAttribute("srcset")).toBe(srcset("avif"));
    expect(sources[1]!.getAttribute("srcset")).toBe(srcset("webp"));
    expect(sources.every((s) => s.getAttribute("sizes") === "96px")).toBe(true);
    const img = picture.querySelector("img")!;
    expect(img.getAttribute("src")).toBe("/demo/products/variants/steel-576.jpg");
    expect(img.getAttribute("srcset")).toBe(srcset("jpg"));
    expect(img.getAttribute("sizes")).toBe("96px");
  });

  it("sits in a box of fixed size, loaded lazily unless it is the page's largest image", () => {
    const { container } = render(
      <>
        <ProductImage src={OURS} alt="first" width={390} height={390} sizes="100vw" priority />
        <ProductImage src={OURS} alt="second" width={390} height={390} sizes="100vw" />
      </>,
    );
    const [first, second] = [...container.querySelectorAll("img")];
    for (const img of [first!, second!]) {
      expect(img.getAttribute("width")).toBe("390");
      expect(img.getAttribute("height")).toBe("390");
    }
    expect(first!.getAttribute("loading")).toBe("eager");
    expect(first!.getAttribute("fetchpriority")).toBe("high");
    expect(second!.getAttribute("loading")).toBe("lazy");
    expect(second!.getAttribute("fetchpriority")).toBe("auto");
  });

  it("linked from another host is shown as it is, in the same fixed box", () => {
    const url = "https://cdn.example.com/products/a.png";
    const { container } = render(
      <ProductImage src={url} alt="" width={96} height={96} sizes="96px" className="product-card__image" />,
    );
    const picture = container.querySelector("picture.product-card__image")!;
    expect(picture.querySelectorAll("source")).toHaveLength(0);
    const img = picture.querySelector("img")!;
    expect(img.getAttribute("src")).toBe(url);
    expect(img.hasAttribute("srcset")).toBe(false);
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["96", "96"]);
  });
});
