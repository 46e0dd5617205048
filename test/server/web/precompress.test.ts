import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { MIN_PRECOMPRESS_BYTES, precompressDir } from "../../../web-server/precompress";

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const text = (bytes: number) => "const answer = 42; // the same line again\n".repeat(Math.ceil(bytes / 42)).slice(0, bytes);

describe("precompressDir", () => {
  it("writes .br and .gz copies of compressible files that decompress to the original", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-precompress-"));
    fs.mkdirSync(path.join(dir, "assets", "nested"), { recursive: true });
    const js = text(5000);
    fs.writeFileSync(path.join(dir, "assets", "nested", "app-1a2b.js"), js);
    fs.writeFileSync(path.join(dir, "index.html"), `<html>${text(3000)}</html>`);
    const result = await precompressDir(dir);
    expect(result.files).toBe(2);
    const file = path.join(dir, "assets", "nested", "app-1a2b.js");
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(js);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(js);
    expect(fs.statSync(`${file}.br`).size).toBeLessThan(fs.statSync(`${file}.gz`).size);
    expect(fs.existsSync(path.join(dir, "index.html.br"))).toBe(true);
  });

  it("leaves small files, already compressed formats and its own copies alone", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-precompress-"));
    fs.writeFileSync(path.join(dir, "tiny.css"), text(MIN_PRECOMPRESS_BYTES - 1));
    fs.writeFileSync(path.join(dir, "photo.png"), Buffer.alloc(5000, 1));
    fs.writeFileSync(path.join(dir, "app.js"), text(2000));
    await precompressDir(dir);
    await precompressDir(dir); // a second run compresses the sources again, never the copies
    expect(fs.readdirSync(dir).sort()).toEqual(["app.js", "app.js.br", "app.js.gz", "photo.png", "tiny.css"]);
  });

  it("removes a stale copy when the new file is not worth compressing", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-precompress-"));
    const file = path.join(dir, "app.js");
    fs.writeFileSync(file, text(4000));
    await precompressDir(dir);
    fs.writeFileSync(file, "export {};");
    await precompressDir(dir);
    expect(fs.readdirSync(dir)).toEqual(["app.js"]);
  });
});
