import fs from "node:fs";
import path from "node:path";

/*
 * The stack's outbox of verification codes, read without the test runner: the production
 * rehearsal's journey (test/rehearsal/journey.ts) reads it from a plain Node process, where
 * importing vitest fails.
 */

/** The latest 6-digit code mailed to `email` (the stack writes mail to `<dataDir>/outbox/*.json`). */
export function mailedCode(dataDir: string, email: string, since = 0): Promise<string> {
  return codeFromOutbox(path.join(dataDir, "outbox"), email, since);
}

/** The latest 6-digit code texted to `phone` (`home/sending/{phone}` writes to `<dataDir>/outbox/sms/*.json`). */
export function textedCode(dataDir: string, phone: string, since = 0): Promise<string> {
  return codeFromOutbox(path.join(dataDir, "outbox", "sms"), phone, since);
}

async function codeFromOutbox(dir: string, to: string, since: number): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith(".json"))
          .sort()
          .reverse()
      : [];
    for (const file of files) {
      const full = path.join(dir, file);
      if (fs.statSync(full).mtimeMs < since) continue;
      let mail: { to: string; text: string };
      try {
        mail = JSON.parse(fs.readFileSync(full, "utf8")) as typeof mail;
      } catch {
        continue; // still being written: read it on the next round
      }
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (mail.to === to && code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code sent to ${to}`);
}
