import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { run, startChild, stopChild, waitFor } from "../scripts/lib/processes";

export interface BeforeTree {
  /** The git revision as given (`BENCH_BEFORE`), and the commit it named. */
  ref: string;
  commit: string;
  webUrl: string;
  apiUrl: string;
  stop: () => Promise<void>;
}

/**
 * `BENCH_BEFORE=<git revision>`: the tree before a change, started beside this one, so a figure
 * that differs 2–4× between machines of this kind (total blocking time) is read against the
 * same machine in the same hour. The revision is checked out into a throwaway worktree and
 * started with its own `npm start` (the README's contract, which every revision keeps) on ports
 * of its own; its packages are this tree's when the lockfiles agree, else installed from the
 * npm cache.
 */
export async function startBeforeTree(ref: string): Promise<BeforeTree> {
  const commit = (await run("git", ["rev-parse", "--verify", `${ref}^{commit}`])).trim();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-bench-before-"));
  await run("git", ["worktree", "add", "--detach", dir, commit]);
  // Never throws: a leftover folder in the temporary directory must not keep the bench's own
  // stack from stopping after it.
  const removeTree = async () => {
    await run("git", ["worktree", "remove", "--force", dir]).catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    await run("git", ["worktree", "prune"]).catch(() => undefined);
  };
  try {
    const sameLock =
      fs.readFileSync(path.join(dir, "package-lock.json"), "utf8") === fs.readFileSync("package-lock.json", "utf8");
    if (sameLock) fs.symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"));
    else
      await run("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund", "--prefix", dir], {
        npm_config_nodedir: process.env.npm_config_nodedir ?? "/usr",
      });
    const port = (name: string, fallback: number) => String(Number(process.env[name] ?? fallback));
    const webPort = port("BENCH_BEFORE_WEB_PORT", 25173);
    const apiPort = port("BENCH_BEFORE_API_PORT", 25787);
    const child = startChild("before", process.execPath, ["--import", "tsx", "scripts/start.ts"], {
      env: {
        CHAIN_PORT: port("BENCH_BEFORE_CHAIN_PORT", 25545),
        API_PORT: apiPort,
        WEB_PORT: webPort,
        DATA_DIR: path.join(dir, ".data"),
        WEB_OUT_DIR: path.join(dir, "dist"),
        // The before tree gets its own SQLite file in its data folder, as `npm start` does.
        DATABASE_URL: undefined,
        API_REPLICAS: undefined,
      },
      logFile: path.join(dir, "start.log"),
      cwd: dir,
    });
    const log = () => (fs.existsSync(path.join(dir, "start.log")) ? fs.readFileSync(path.join(dir, "start.log"), "utf8") : "");
    await waitFor(`the tree at ${ref} to start`, async () => log().includes("PEX is running"), 600_000, child);
    return {
      ref,
      commit: commit.slice(0, 10),
      webUrl: `http://127.0.0.1:${webPort}/`,
      apiUrl: `http://127.0.0.1:${apiPort}`,
      stop: async () => {
        await stopChild(child, 20_000);
        await removeTree().catch((err: unknown) => console.warn(`could not remove ${dir}`, err));
      },
    };
  } catch (err) {
    await removeTree();
    throw err;
  }
}
