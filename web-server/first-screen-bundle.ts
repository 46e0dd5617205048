import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RenderFirstScreen } from "../domain/first-screen";

/** The first-screen renderer's source (ADR-0190, "First screen from the server"). */
export const FIRST_SCREEN_ENTRY = "src/boot/first-screen.tsx";

/**
 * Where `vite build --ssr` puts it: beside the web app's folder, never inside it, so that the
 * static files never serve server code.
 */
export function firstScreenDir(webOutDir: string): string {
  return `${path.resolve(webOutDir)}-ssr`;
}

/** The built renderer, or null when there is none (a build without it: the app then paints alone). */
export async function loadFirstScreenRenderer(webOutDir: string): Promise<RenderFirstScreen | null> {
  const dir = firstScreenDir(webOutDir);
  const file = fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => /^first-screen\.m?js$/.test(f)) : undefined;
  if (!file) return null;
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as {
    renderFirstScreen?: RenderFirstScreen;
    prepareFirstScreens?: () => Promise<void>;
  };
  if (typeof mod.renderFirstScreen !== "function") return null;
  // The first visitor after a start would otherwise wait for the pages' code and texts to load.
  await mod.prepareFirstScreens?.();
  return mod.renderFirstScreen;
}
