import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** A `<script>` without `src`: its whole text, as the browser hashes it. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * CSP hash sources for the inline scripts of a page: the build writes one into index.html, the
 * landing page's first requests (scripts/vite-first-load.ts), and the policy allows exactly that
 * text and no other inline script.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = [...html.matchAll(INLINE_SCRIPT)]
    .filter((m) => m[1]!.trim() !== "")
    .map((m) => `'sha256-${createHash("sha256").update(m[1]!, "utf8").digest("base64")}'`);
  return [...new Set(hashes)];
}

/** Those of the built app's index.html under `root`; none when there is no build there (yet). */
export function builtInlineScriptHashes(root: string): string[] {
  const file = path.join(root, "index.html");
  return fs.existsSync(file) ? inlineScriptHashes(fs.readFileSync(file, "utf8")) : [];
}
