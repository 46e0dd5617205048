import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, type Mock, vi } from "vitest";
import { CATALOGUES } from "@/config/catalogues";
import { initI18n, loadCatalogues } from "@/lib/i18n";

/** The app's real texts in `lang`, every catalogue of them (a test renders any page's parts). */
export async function setupI18n(lang: "en" | "cn" = "en") {
  const i18n = await initI18n(lang);
  await loadCatalogues(CATALOGUES);
  return i18n;
}

/** @testing-library's automatic cleanup needs vitest globals, which this project does not enable. */
export function autoCleanup() {
  afterEach(() => cleanup());
}

/**
 * Replaces `fetch` with one mock for the file's tests: reset and installed before each test,
 * the real one restored after. The reference stays the same, so tests can hold it in a const.
 */
export function stubFetch(): Mock {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());
  return fetchMock;
}
