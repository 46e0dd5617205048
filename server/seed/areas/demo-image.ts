import { crc32, deflateSync } from "node:zlib";

/**
 * A small PNG drawn in code (a card-shaped placeholder: a light background and a darker band)
 * so the demo identity applications show real, valid images without shipping binaries.
 */
export function demoCardPng(width = 240, height = 150, rgb: [number, number, number] = [214, 228, 240]): Buffer {
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // filter: none
    const band = y > height * 0.2 && y < height * 0.35;
    for (let x = 0; x < width; x++) {
      const o = y * row + 1 + x * 3;
      const shade = band ? 0.6 : 1;
      raw[o] = Math.round(rgb[0] * shade);
      raw[o + 1] = Math.round(rgb[1] * shade);
      raw[o + 2] = Math.round(rgb[2] * shade);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
