/**
 * Dashboard snapshot figures and the synthetic demo history (issue 7). The history before a
 * chain's first real snapshot is made up: a deterministic walk backward from the first real
 * reading, so a fresh start has charts with shape. It is labelled synthetic end to end.
 */
export const SNAPSHOT_FIGURES = [
  "marketCap",
  "pexPrice",
  "backingPerPex",
  "pexTotalSupply",
  "winPrice",
  "winVault",
  "win1Price",
  "win1Vault",
  "treasury1Value",
  "treasury2Value",
  "totalDepositedPex",
  "polLiquidity",
  "polValue",
] as const;
export type SnapshotFigure = (typeof SNAPSHOT_FIGURES)[number];
export type SnapshotFigures = Record<SnapshotFigure, bigint>;

export interface SnapshotPoint {
  takenAt: number;
  blockNumber: bigint;
  synthetic: boolean;
  figures: SnapshotFigures;
  /**
   * Shown on the dashboard but not charted: the ETH price (18 decimals, like the figures) and the protocol's share
   * of the PEX-ETH pool (basis points). Unknown (null or absent) in the synthetic history.
   */
  ethPrice?: bigint | null;
  polShareBps?: bigint | null;
}

export const SYNTHETIC_DAYS = 90;
export const SYNTHETIC_STEP_MS = 6 * 3600_000;
const DAY_MS = 86_400_000;
const PPM = 1_000_000n;

/** Figures that only grow over a protocol's life shrink going back in time; prices wander. */
const GROWING: ReadonlySet<SnapshotFigure> = new Set([
  "pexTotalSupply",
  "winVault",
  "win1Vault",
  "treasury1Value",
  "treasury2Value",
  "totalDepositedPex",
  "polLiquidity",
  "polValue",
]);

/** mulberry32: a tiny deterministic generator of 32-bit integers. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * Points every 6 hours for 90 days before `first` (oldest first, `first` excluded), each figure a
 * walk backward in integer ppm steps: growing figures lose 0–0.6 % per step (so the curve rises
 * to today), prices move ±1.5 %. Same chain (seed) and same first reading → same history. Values
 * stay positive; market cap is recomputed as supply × price so the figures stay consistent.
 */
export function syntheticHistory(first: SnapshotPoint, seed: string): SnapshotPoint[] {
  const steps = (SYNTHETIC_DAYS * DAY_MS) / SYNTHETIC_STEP_MS;
  const walks = Object.fromEntries(SNAPSHOT_FIGURES.map((f) => [f, generator(seedOf(`${seed}:${f}`))])) as Record<
    SnapshotFigure,
    () => number
  >;
  const points: SnapshotPoint[] = [];
  let current = { ...first.figures };
  for (let i = 1; i <= steps; i++) {
    const next = {} as SnapshotFigures;
    for (const f of SNAPSHOT_FIGURES) {
      const r = BigInt(walks[f]() % 15_001); // 0..15000 ppm
      const factor = GROWING.has(f) ? PPM - (r * 6_000n) / 15_000n : PPM - 15_000n + r * 2n;
      next[f] = (current[f] * factor) / PPM;
    }
    next.marketCap = (next.pexTotalSupply * next.pexPrice) / 10n ** 18n;
    current = next;
    points.push({
      takenAt: first.takenAt - i * SYNTHETIC_STEP_MS,
      blockNumber: 0n,
      synthetic: true,
      figures: next,
    });
  }
  return points.reverse();
}

export const SNAPSHOT_RANGES = { "7d": 7 * DAY_MS, "30d": 30 * DAY_MS, "90d": 90 * DAY_MS, max: null } as const;
export type SnapshotRange = keyof typeof SNAPSHOT_RANGES;

/** At most `max` points, evenly picked, always keeping the newest (a chart needs no more). */
export function downsample<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  const stride = Math.ceil(points.length / max);
  const out: T[] = [];
  for (let i = points.length - 1; i >= 0; i -= stride) out.push(points[i]!);
  return out.reverse();
}
