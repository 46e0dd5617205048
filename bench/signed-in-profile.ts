import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

/**
 * A browser profile that already holds a signed-in session on each origin (its token,
 * address and account in localStorage, as a sign-in leaves them), for Lighthouse runs that keep
 * storage (`--disable-storage-reset`): a signed-in visitor is a returning one.
 */
export async function signedInProfile(
  sessions: { origin: string; session: { token: string; address: string; userInfo: unknown } }[],
): Promise<{ dir: string; remove: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-lh-profile-"));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const page = await context.newPage();
    for (const { origin, session } of sessions) {
      // A file of the app that never starts it: only the origin's storage is wanted.
      await page.goto(new URL("/manifest.webmanifest", origin).href);
      await page.evaluate((s) => {
        localStorage.setItem("token", s.token);
        localStorage.setItem("address", s.address);
        localStorage.setItem("userInfo", JSON.stringify(s.userInfo));
      }, session);
    }
  } finally {
    await context.close();
  }
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
