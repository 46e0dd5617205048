import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FIRST_SCREEN_FONTS, warmFonts } from "@/boot/warm-fonts";

/** Lets `n` timer tasks run. */
const tasks = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
const box = () => document.body.querySelector<HTMLElement>("body > div[lang]");
const spans = () => [...(box()?.querySelectorAll("span") ?? [])];

let laidOut: HTMLElement[];
beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
  laidOut = [];
  vi.spyOn(HTMLElement.prototype, "offsetWidth", "get").mockImplementation(function (this: HTMLElement) {
    laidOut.push(this);
    return 10;
  });
});
afterEach(() => vi.restoreAllMocks());

describe("the first screen's fonts, warmed while it is on its way (ADR-0224)", () => {
  it("lays out one style to a task, out of sight, in the visitor's language", async () => {
    warmFonts("zh-CN", () => false);
    expect(box()).not.toBeNull();
    expect(box()!.lang).toBe("zh-CN");
    // Neither shown nor read out (hidden), nor a part of the page's size (fixed, contained).
    expect(box()!.style.visibility).toBe("hidden");
    expect(box()!.style.position).toBe("fixed");
    expect(box()!.style.contain).toBe("strict");
    expect(spans()).toHaveLength(0);
    await tasks(1);
    expect(spans()).toHaveLength(1);
    await tasks(2);
    expect(spans()).toHaveLength(3);
    // Each one laid out in its own task, as it went in.
    expect(laidOut).toEqual(spans());
    const [weight, size] = FIRST_SCREEN_FONTS[0]!.split(" ");
    for (const span of spans().slice(0, 2)) {
      expect(span.style.fontWeight).toBe(weight);
      expect(span.style.fontSize).toBe(size);
    }
  });

  it("opens the font with Latin text alone, then lays out every style in every script, then takes it all away", async () => {
    warmFonts("en", () => false);
    const styles = FIRST_SCREEN_FONTS.length;
    await tasks(1);
    expect(spans()[0]!.textContent).toBe("Ag0");
    await tasks(styles);
    const texts = spans().slice(1);
    expect(texts).toHaveLength(styles);
    for (const text of texts) expect(text.textContent).toMatch(/A.*0.*¥.*系.*あ.*한/);
    expect(texts.map((t) => `${t.style.fontWeight} ${t.style.fontSize}`)).toEqual(
      FIRST_SCREEN_FONTS.map((f) => f.split(" ").slice(0, 2).join(" ")),
    );
    expect(texts.find((t) => t.style.fontFamily === "monospace")?.style.fontSize).toBe("13px");
    await tasks(1);
    expect(box()).toBeNull();
  });

  it("stops, and takes its text away, once the screen or the app is in", async () => {
    let shown = false;
    warmFonts("en", () => shown);
    await tasks(2);
    expect(spans()).toHaveLength(2);
    shown = true;
    await tasks(1);
    expect(box()).toBeNull();
    await tasks(3);
    expect(laidOut).toHaveLength(2);
  });

  it("warms the app's own font stack: the boot screen's styles name the same families as the app's", () => {
    const families = (css: string) =>
      /body\s*\{[^}]*font-family:\s*([^;]+);/
        .exec(css)?.[1]
        ?.split(",")
        .map((f) => f.trim());
    const root = path.resolve(__dirname, "../../..");
    const boot = families(fs.readFileSync(path.join(root, "index.html"), "utf8"));
    const app = families(fs.readFileSync(path.join(root, "src/styles/global.css"), "utf8"));
    expect(app).toContain("system-ui");
    expect(boot).toEqual(app);
  });
});
