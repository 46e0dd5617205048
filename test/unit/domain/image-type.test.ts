import { describe, expect, it } from "vitest";
import { detectImageType } from "../../../domain/image-type";

const bytes = (...b: number[]) => new Uint8Array(b);

describe("image type by magic bytes", () => {
  it("recognises JPEG, PNG and WebP", () => {
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0))).toBe("jpeg");
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("png");
    expect(detectImageType(new TextEncoder().encode("RIFF\x10\x00\x00\x00WEBPVP8 "))).toBe("webp");
  });
  it("refuses everything else, however it is named", () => {
    expect(detectImageType(new TextEncoder().encode("GIF89a......"))).toBe(null);
    expect(detectImageType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBe(null);
    expect(detectImageType(new TextEncoder().encode("RIFF\x10\x00\x00\x00WAVEfmt "))).toBe(null);
    expect(detectImageType(bytes(0xff, 0xd8))).toBe(null);
    expect(detectImageType(bytes())).toBe(null);
  });
});
