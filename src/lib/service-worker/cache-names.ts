/** Every cache of ours starts so (the origin's Cache Storage holds only ours, but say it). */
export const CACHE_PREFIX = "pex";

/**
 * Workbox's cache names with the build's version as suffix (`pex-shell-<version>`,
 * `pex-assets-<version>`): each build fills caches of its own, and the build that activates
 * deletes every other one of ours.
 */
export const CACHE_NAME_DETAILS = { prefix: CACHE_PREFIX, precache: "shell", runtime: "assets" } as const;

export function staleCaches(names: readonly string[], current: readonly string[]): string[] {
  return names.filter((name) => name.startsWith(`${CACHE_PREFIX}-`) && !current.includes(name));
}
