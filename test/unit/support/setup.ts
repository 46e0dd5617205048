import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { initI18n } from "@/lib/i18n";

/** Real i18n with the English catalogue, as the app uses it. */
export async function setupI18n(lang: "en" | "cn" = "en") {
  return initI18n(lang);
}

/** @testing-library's automatic cleanup needs vitest globals, which this project does not enable. */
export function autoCleanup() {
  afterEach(() => cleanup());
}
