import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, type Mock, vi } from "vitest";
import { initI18n } from "@/lib/i18n";

/** Real i18n with the English catalogue, as the app uses it. */
export async function setupI18n(lang: "en" | "cn" = "en") {
  return initI18n(lang);
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
