/**
 * Renders the images we ship from their masters in public/, once, into committed files:
 *
 *   node --import tsx scripts/generate-images.ts
 *
 * - every product master (public/demo/products/*.svg) at the widths a phone asks for, as AVIF,
 *   WebP and JPEG (the fallback), into public/demo/products/variants/, and the table the app
 *   reads to offer them (src/config/image-variants.ts);
 * - the app icons of the web manifest and the home screen (public/icons/) from public/favicon.svg.
 *
 * Run it again after changing a master. The outputs are committed rather than built on every
 * `vite build` (ADR-0177, "Image variants rendered once, committed"): they change only with a master,
 * and rendering the 135 files takes about two minutes on this 2-core machine (AVIF is slow to
 * encode), which no build should pay for nothing new.
 * The masters' Chinese captions need a CJK font (fontconfig's, e.g. fonts-wqy-microhei); the
 * script refuses to run without one, so a re-render never loses its text silently.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { format, resolveConfig } from "prettier";
import sharp, { type Sharp } from "sharp";

const ROOT = path.resolve(__dirname, "..");
const PUBLIC = path.join(ROOT, "public");
const PRODUCTS = path.join(PUBLIC, "demo", "products");
const VARIANTS = path.join(PRODUCTS, "variants");
const ICONS = path.join(PUBLIC, "icons");
const TABLE = path.join(ROOT, "src", "config", "image-variants.ts");

/**
 * CSS widths: a product card's 96 px image at 2x and 3x (192, 288); the detail's full-width
 * image (the page width less 32 px, at most 528 px) at 1x, 2x and 3x of a 390 px phone
 * (576 for 528 and below, 864 for 716, 1152 for 1074).
 */
const WIDTHS = [192, 288, 576, 864, 1152] as const;

/** Flat illustrations: these qualities keep the edges and captions clean at the smallest size. */
const ENCODERS = {
  avif: (image: Sharp) => image.avif({ quality: 50, effort: 6 }),
  webp: (image: Sharp) => image.webp({ quality: 75, effort: 6 }),
  jpg: (image: Sharp) => image.flatten({ background: "#ffffff" }).jpeg({ quality: 78, mozjpeg: true }),
} as const;

async function renderSvg(svg: Buffer, width: number, height: number): Promise<Sharp> {
  const meta = await sharp(svg).metadata();
  // Rendered at the target size (density scales the vector), never upscaled from a bitmap.
  const density = Math.max(1, (72 * width) / (meta.width ?? width));
  return sharp(svg, { density }).resize(width, height, { fit: "cover" });
}

async function productVariants(): Promise<Record<string, { width: number; height: number; widths: number[]; base: string }>> {
  fs.rmSync(VARIANTS, { recursive: true, force: true });
  fs.mkdirSync(VARIANTS, { recursive: true });
  const table: Record<string, { width: number; height: number; widths: number[]; base: string }> = {};
  const masters = fs
    .readdirSync(PRODUCTS)
    .filter((f) => f.endsWith(".svg"))
    .sort();
  for (const file of masters) {
    const svg = fs.readFileSync(path.join(PRODUCTS, file));
    const meta = await sharp(svg).metadata();
    if (!meta.width || !meta.height) throw new Error(`${file}: no intrinsic size`);
    const slug = file.replace(/\.svg$/, "");
    for (const width of WIDTHS) {
      const height = Math.round((width * meta.height) / meta.width);
      for (const [ext, encode] of Object.entries(ENCODERS)) {
        await encode(await renderSvg(svg, width, height)).toFile(path.join(VARIANTS, `${slug}-${width}.${ext}`));
      }
    }
    table[`/demo/products/${file}`] = {
      width: meta.width,
      height: meta.height,
      widths: [...WIDTHS],
      base: `/demo/products/variants/${slug}`,
    };
  }
  return table;
}

/** 192 and 512 for Android and the install prompt, a maskable one, and Apple's 180 touch icon. */
async function icons(): Promise<void> {
  const logo = fs.readFileSync(path.join(PUBLIC, "favicon.svg"), "utf8");
  // A maskable icon is cropped by the launcher to its own shape: the background must fill the
  // square. The glyph already sits within the central 80 % circle (the safe zone) of the logo.
  if (!logo.includes('rx="16"')) throw new Error("public/favicon.svg changed: update the maskable icon's background here");
  const fullBleed = Buffer.from(logo.replace('rx="16"', 'rx="0"'));
  fs.mkdirSync(ICONS, { recursive: true });
  const png = (image: Sharp, name: string) =>
    image.png({ compressionLevel: 9, palette: true, effort: 10 }).toFile(path.join(ICONS, name));
  await png(await renderSvg(Buffer.from(logo), 192, 192), "icon-192.png");
  await png(await renderSvg(Buffer.from(logo), 512, 512), "icon-512.png");
  await png(await renderSvg(fullBleed, 192, 192), "maskable-192.png");
  await png(await renderSvg(fullBleed, 512, 512), "maskable-512.png");
  // iOS rounds the corners itself and shows transparency as black.
  await png(await renderSvg(fullBleed, 180, 180), "apple-touch-icon.png");
}

async function writeTable(table: Awaited<ReturnType<typeof productVariants>>): Promise<void> {
  const source = `// Generated by scripts/generate-images.ts from the masters in public/: do not edit.

/** Formats of every variant, the browser's first choice first; the last is the <img> fallback. */
export const VARIANT_FORMATS = [
  { ext: "avif", type: "image/avif" },
  { ext: "webp", type: "image/webp" },
  { ext: "jpg", type: "image/jpeg" },
] as const;

/**
 * Our own images with rendered variants, by the path the data names (the master): its intrinsic
 * size, the widths rendered, and the variants' path without "-<width>.<ext>".
 */
export const IMAGE_VARIANTS: Record<string, { width: number; height: number; widths: readonly number[]; base: string }> = ${JSON.stringify(table)};
`;
  const options = (await resolveConfig(TABLE)) ?? {};
  fs.writeFileSync(TABLE, await format(source, { ...options, parser: "typescript" }));
}

function requireCjkFont(): void {
  const fonts = execFileSync("fc-list", [":lang=zh"], { encoding: "utf8" }).trim();
  if (!fonts) throw new Error("No CJK font for the masters' captions: apt-get install fonts-wqy-microhei");
}

async function main() {
  requireCjkFont();
  const table = await productVariants();
  await icons();
  await writeTable(table);
  const bytes = fs.readdirSync(VARIANTS).reduce((n, f) => n + fs.statSync(path.join(VARIANTS, f)).size, 0);
  console.log(
    `${Object.keys(table).length} masters → ${fs.readdirSync(VARIANTS).length} variants (${bytes} bytes); icons in public/icons`,
  );
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
