import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { run } from "../scripts/lib/processes";

export interface LighthouseScores {
  performance: number;
  accessibility: number;
}

/** Lighthouse's mobile preset (simulated slow 4G, 4× CPU slowdown) against a built page. */
export async function lighthouse(url: string): Promise<LighthouseScores> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pex-lh-")), "report.json");
  const flags =
    "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic";
  await run(
    path.join("node_modules", ".bin", "lighthouse"),
    [
      url,
      "--quiet",
      "--output=json",
      `--output-path=${out}`,
      "--only-categories=performance,accessibility",
      `--chrome-flags=${flags}`,
    ],
    { CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
  );
  const report = JSON.parse(fs.readFileSync(out, "utf8")) as { categories: Record<string, { score: number | null }> };
  const score = (name: string) => Math.round((report.categories[name]?.score ?? 0) * 100);
  return { performance: score("performance"), accessibility: score("accessibility") };
}
