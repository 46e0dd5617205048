import net from "node:net";
import { isPlainOriginForm } from "./request-target";

/** How often every upstream is probed, and how long a probe's connect may take. */
export const PROBE_INTERVAL_MS = 1000;
const PROBE_TIMEOUT_MS = 1000;

export interface Upstream {
  /** The origin, e.g. `http://127.0.0.1:8787` (no trailing slash). */
  url: string;
  host: string;
  port: number;
  live: boolean;
}

export interface UpstreamEvents {
  onDown?: (url: string, reason: string) => void;
  onUp?: (url: string) => void;
}

/**
 * The API processes behind `/base/api`, each live or dead. A request goes to the next live one
 * in turn (round-robin: the replicas are alike, and the API keeps no state in a process). An
 * upstream is marked dead the moment a connect to it fails (passive) or a probe's connect fails
 * (active); only a probe brings it back, so a dead replica gets no client traffic until it
 * accepts connections again. A TCP connect is the probe: the API listens only once it is ready,
 * and it needs no route of its own.
 */
export class Upstreams {
  private readonly list: Upstream[];
  private next = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    urls: string[],
    private readonly events: UpstreamEvents = {},
  ) {
    if (urls.length === 0) throw new Error("at least one API upstream is needed");
    this.list = urls.map((url) => {
      const parsed = new URL(url);
      const port = Number(parsed.port || (parsed.protocol === "https:" ? 443 : 80));
      return { url: parsed.origin, host: parsed.hostname.replace(/^\[|\]$/g, ""), port, live: true };
    });
  }

  get all(): readonly Upstream[] {
    return this.list;
  }

  /** The next live upstream after the last one given, skipping `tried`; null when none is left. */
  pick(tried: ReadonlySet<Upstream> = new Set()): Upstream | null {
    for (let i = 0; i < this.list.length; i++) {
      const candidate = this.list[(this.next + i) % this.list.length]!;
      if (candidate.live && !tried.has(candidate)) {
        this.next = (this.list.indexOf(candidate) + 1) % this.list.length;
        return candidate;
      }
    }
    return null;
  }

  markDead(upstream: Upstream, reason: string): void {
    if (!upstream.live) return;
    upstream.live = false;
    this.events.onDown?.(upstream.url, reason);
  }

  private markLive(upstream: Upstream): void {
    if (upstream.live) return;
    upstream.live = true;
    this.events.onUp?.(upstream.url);
  }

  /** Probes every upstream now and then every `intervalMs`, until `stop`. */
  startProbing(intervalMs = PROBE_INTERVAL_MS): void {
    if (this.timer) return;
    const round = () => {
      for (const upstream of this.list) {
        void connects(upstream.host, upstream.port).then((ok) =>
          ok ? this.markLive(upstream) : this.markDead(upstream, "probe failed"),
        );
      }
    };
    round();
    this.timer = setInterval(round, intervalMs);
    // The probes alone must not keep a process alive that is otherwise done.
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/** Whether a TCP connection to host:port opens within the probe timeout. */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/**
 * The URL of `target` (a plain origin-form path and query) on `upstream`. Its origin is checked,
 * not assumed, to be the upstream's: no request target can steer a request anywhere else.
 */
export function upstreamUrl(upstream: Upstream, target: string): URL {
  if (!isPlainOriginForm(target)) throw new Error(`not a plain origin-form target: ${JSON.stringify(target)}`);
  const url = new URL(target, upstream.url);
  if (url.origin !== upstream.url) throw new Error(`${JSON.stringify(target)} leaves ${upstream.url}`);
  return url;
}

/** Errors that mean the connection to an upstream never opened: nothing of a request reached it. */
const NEVER_CONNECTED = new Set([
  "ECONNREFUSED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** The code of `error` (or of what caused it) when it says the upstream was never connected to; else null. */
export function neverConnected(error: unknown): string | null {
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code && NEVER_CONNECTED.has(code)) return code;
  }
  return null;
}
