// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_VARIANTS, VARIANT_FORMATS } from "@/config/image-variants";

const PUBLIC = path.resolve(__dirname, "../../../public");
const FORMAT = { avif: "heif", webp: "webp", jpg: "jpeg" } as const;

describe("the committed image variants (scripts/generate-images.ts)", () => {
  it("cover every product master the demo ships", () => {
    const masters = fs.readdirSync(path.join(PUBLIC, "demo/products")).filter((f) => f.endsWith(".svg"));
    expect(Object.keys(IMAGE_VARIANTS).sort()).toEqual(masters.map((f) => `/demo/products/${f}`).sort());
  });

  it("exist for every width and format the table promises, at that size and in that format", async () => {
    for (const [master, entry] of Object.entries(IMAGE_VARIANTS)) {
      for (const width of entry.widths) {
        for (const { ext } of VARIANT_FORMATS) {
          const file = path.join(PUBLIC, `${entry.base}-${width}.${ext}`);
          expect(fs.existsSync(file), `${master} → ${file}`).toBe(true);
          const meta = await sharp(file).metadata();
          expect(meta.format).toBe(FORMAT[ext]);
          expect(meta.width).toBe(width);
          expect(meta.height).toBe(Math.round((width * entry.height) / entry.width));
        }
      }
    }
  });
});
