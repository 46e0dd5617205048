import jsQR from "jsqr";
import type { Locator } from "playwright-core";
import { PNG } from "pngjs";

/** Decodes the QR code an element shows, from its pixels as the user's camera would see them. */
export async function decodeQr(element: Locator): Promise<string | null> {
  const png = PNG.sync.read(await element.screenshot());
  const result = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
  return result?.data ?? null;
}
