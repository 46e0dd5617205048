import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Stack, startStack } from "../scripts/lib/stack";

/**
 * The app as a user meets it after `npm start` (chain, contracts, demo data, API, production
 * build behind our web server), on the bench's own ports (BENCH_*_PORT) and a throwaway data
 * folder, so it runs beside a developer's `npm start`. `stop` ends it and removes the folder.
 */
export async function startBenchStack(name: string): Promise<{ stack: Stack; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pex-${name}-`));
  const stop = async (stack?: Stack) => {
    await stack?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const stack = await startStack({
      chainPort: Number(process.env.BENCH_CHAIN_PORT ?? 24545),
      apiPort: Number(process.env.BENCH_API_PORT ?? 24787),
      webPort: Number(process.env.BENCH_WEB_PORT ?? 24173),
      host: "127.0.0.1",
      dataDir,
      dev: false,
      webOutDir: path.join(dataDir, "dist"),
      logToFiles: true,
      log: () => undefined,
    });
    return { stack, stop: () => stop(stack) };
  } catch (err) {
    await stop();
    throw err;
  }
}
