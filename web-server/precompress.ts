import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest|wasm)$/i;
/** Below this a compressed copy saves less than a network packet: served as it is. */
export const MIN_PRECOMPRESS_BYTES = 1024;

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/**
 * Writes `<file>.br` (Brotli, best quality) and `<file>.gz` (gzip -9) beside every compressible
 * file under `dir`, for the web server's `preCompressed` static files: the best compression is
 * paid once at build time instead of on every request. A copy that would not be smaller is not
 * written, and a stale one from an earlier build is removed.
 */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && COMPRESSIBLE.test(e.name)).map((e) => path.join(e.parentPath, e.name));
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  // zlib's async calls run on libuv's thread pool (4 threads): a few files at a time use it fully.
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      const source = await fs.readFile(file);
      const [br, gz] = await Promise.all([
        source.length >= MIN_PRECOMPRESS_BYTES
          ? brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            })
          : null,
        source.length >= MIN_PRECOMPRESS_BYTES ? gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }) : null,
      ]);
      const wroteBr = await writeIfSmaller(`${file}.br`, br, source.length);
      const wroteGz = await writeIfSmaller(`${file}.gz`, gz, source.length);
      if (wroteBr || wroteGz) {
        result.files++;
        result.bytes += source.length;
        result.brotliBytes += wroteBr ? br!.length : source.length;
        result.gzipBytes += wroteGz ? gz!.length : source.length;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return result;
}

async function writeIfSmaller(target: string, compressed: Buffer | null, originalBytes: number): Promise<boolean> {
  if (compressed && compressed.length < originalBytes) {
    await fs.writeFile(target, compressed);
    return true;
  }
  await fs.rm(target, { force: true });
  return false;
}
