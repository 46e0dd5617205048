/**
 * The text styles the landing pages' first screens draw with: weight, size and, where it is not
 * the body's, the family. The browser suite holds every landing page's first screen to this list
 * (test/e2e/first-screen.test.ts), most used first.
 */
export const FIRST_SCREEN_FONTS: readonly string[] = [
  "600 15px",
  "600 16px",
  "600 17px",
  "400 15px",
  "400 12px",
  "600 12px",
  "400 14px",
  "400 13px",
  "600 13px",
  "700 17px",
  "500 16px",
  "700 15px",
  "700 18px",
  "700 20px",
  "700 22.5px",
  "700 22px",
  "700 17.55px",
  "700 28px",
  "400 13px monospace",
];

/**
 * Text in each script the screens show: Latin and figures, the currency signs, and Chinese,
 * Japanese and Korean (product names are Chinese in every language).
 */
const SAMPLE = "Ag0%¥≈系あ한";

/**
 * Lays out, while the boot script waits for the first screen (src/boot/show-first-screen.ts),
 * text in each of the screen's styles, one style to a task, out of sight: the first time a page
 * lays text out in a family, weight and size, the browser looks the font up, opens it and finds
 * the fallback fonts for the scripts it lacks. That was half of the first layout of home's first
 * screen (30–60 ms of 50–100 at 1×, 32 font lookups), in one task right after it arrived; here it
 * happens while the thread would only wait for the network, in tasks of a few ms (ADR-0224). The
 * first task lays out Latin text alone: opening the family's font is the longest single step.
 * Stops, and takes its text away, once `done()` is true (the screen or the app is in): whatever
 * is left then is laid out by the screen itself.
 */
export function warmFonts(lang: string, done: () => boolean, w: Window = window): void {
  const doc = w.document;
  const box = doc.createElement("div");
  box.lang = lang;
  // Not shown, not read out, no part of the page's size: only laid out.
  box.style.cssText = "position:fixed;visibility:hidden;contain:strict";
  doc.body.append(box);
  const next = (step: number) =>
    w.setTimeout(() => {
      const font = FIRST_SCREEN_FONTS[step && step - 1];
      if (!font || done()) return box.remove();
      const [weight = "", size = "", family] = font.split(" ");
      const text = doc.createElement("span");
      text.style.fontWeight = weight;
      text.style.fontSize = size;
      if (family) text.style.fontFamily = family;
      text.textContent = step ? SAMPLE : "Ag0";
      box.append(text);
      // Laid out now, in this task: reading its width is what makes the browser shape it.
      void text.offsetWidth;
      next(step + 1);
    }, 0);
  next(0);
}
