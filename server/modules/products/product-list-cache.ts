import type { Page } from "../../lib/page-params";
import type { ProductSummary } from "./product.service";

/**
 * The home list is read far more often than products change. Answers are kept for at most
 * TTL_MS, and dropped at once when this process changes a product (an order takes stock, the
 * operator edits); another server process's change shows within TTL_MS. Stock on the list is
 * informative only: an order always checks the real stock in its transaction.
 */
const TTL_MS = 1000;
const MAX_ENTRIES = 64;

interface Cache {
  entries: Map<string, { at: number; value: Page<ProductSummary> }>;
}

// Keyed by the database handle, so two apps in one process (tests) never share answers.
const caches = new WeakMap<object, Cache>();

function cacheOf(db: object): Cache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { entries: new Map() }));
  return cache;
}

export async function cachedProductList(
  db: object,
  page: number,
  limit: number,
  load: () => Promise<Page<ProductSummary>>,
): Promise<Page<ProductSummary>> {
  const cache = cacheOf(db);
  const key = `${page}:${limit}`;
  const now = Date.now();
  const hit = cache.entries.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.value;
  const entries = cache.entries;
  const value = await load();
  // Only keep it if no change dropped the cache while this answer was being read.
  if (cache.entries === entries) {
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(key, { at: now, value });
  }
  return value;
}

export function invalidateProductList(db: object): void {
  cacheOf(db).entries = new Map();
}
