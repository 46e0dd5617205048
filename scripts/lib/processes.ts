import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";

export interface Child {
  name: string;
  proc: ChildProcess;
  exited: Promise<number | null>;
}

const running = new Set<Child>();
// Safety net: whatever way this process ends, no child is left running on its port.
process.on("exit", () => {
  for (const child of running) child.proc.kill("SIGTERM");
});

/**
 * Spawns a long-running child from node_modules/.bin or node itself (never through npx: killing
 * npx leaves its child running). Output goes to `logFile` when given, else is prefixed on ours.
 */
export function startChild(
  name: string,
  command: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; logFile?: string; quiet?: boolean; cwd?: string } = {},
): Child {
  const proc = spawn(command, args, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: false,
  });
  const sink = opts.logFile ? fs.createWriteStream(opts.logFile, { flags: "a" }) : null;
  for (const stream of [proc.stdout, proc.stderr]) {
    stream?.on("data", (chunk: Buffer) => {
      if (sink) sink.write(chunk);
      else if (!opts.quiet) for (const line of chunk.toString().split("\n").filter(Boolean)) console.log(`[${name}] ${line}`);
    });
  }
  const child: Child = { name, proc, exited: new Promise((resolve) => proc.on("exit", (code) => resolve(code))) };
  running.add(child);
  void child.exited.then(() => running.delete(child));
  return child;
}

/** Runs a command to completion; rejects with its output when it fails. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const proc = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    proc.stdout.on("data", (c: Buffer) => (out += c.toString()));
    proc.stderr.on("data", (c: Buffer) => (out += c.toString()));
    proc.on("error", reject);
    proc.on("exit", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(" ")} failed (${code}):\n${out}`)),
    );
  });
}

export async function stopChild(child: Child, timeoutMs = 5000): Promise<void> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  child.proc.kill("SIGTERM");
  const timer = setTimeout(() => child.proc.kill("SIGKILL"), timeoutMs);
  await child.exited;
  clearTimeout(timer);
}

/** Polls `check` until it resolves true, or fails after `timeoutMs` naming what it waited for. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000, child?: Child): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.proc.exitCode !== null)
      throw new Error(`${child.name} exited (code ${child.proc.exitCode}) while waiting for ${what}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function rpcAnswers(url: string): Promise<boolean> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
  });
  return res.ok;
}

export async function httpAnswers(url: string): Promise<boolean> {
  const res = await fetch(url);
  return res.status < 500;
}
