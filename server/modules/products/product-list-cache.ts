/**
 * The home list is read far more often than products change, so its replies are kept as
 * written (bytes ready to send) for at most TTL_MS, and dropped at once when this process
 * changes a product (an order takes stock, the operator edits). Another API process's change
 * shows within TTL_MS (ADR-0180, "Hot reads against a bare route"): stock on the list
 * is informative only, as an order always checks the real stock in its transaction, and so is
 * the price, as an order is charged the price it reads in its own transaction.
 */
export const TTL_MS = 1000;
const MAX_ENTRIES = 64;

interface Cache {
  entries: Map<string, { at: number; written: Buffer }>;
}

// Keyed by the database handle, so two apps in one process (tests) never share answers.
const caches = new WeakMap<object, Cache>();

function cacheOf(db: object): Cache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { entries: new Map() }));
  return cache;
}

/** The written reply for this page, from the cache or from `write` (then kept). */
export async function cachedProductList(
  db: object,
  page: number,
  limit: number,
  write: () => Promise<Buffer>,
  now = Date.now(),
): Promise<Buffer> {
  const cache = cacheOf(db);
  const key = `${page}:${limit}`;
  const hit = cache.entries.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.written;
  const entries = cache.entries;
  const written = await write();
  // Only keep it if no change dropped the cache while this answer was being read.
  if (cache.entries === entries) {
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(key, { at: now, written });
  }
  return written;
}

export function invalidateProductList(db: object): void {
  cacheOf(db).entries = new Map();
}
