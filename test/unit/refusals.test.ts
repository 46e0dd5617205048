import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@/config/languages";
import { REFUSALS, englishText, isRefusalKey, placeholdersOf, refusal } from "../../domain/refusals";

/*
 * The server may only send keys of domain/refusals.ts, and every one of them must read well
 * in all five languages: these tests fail when a key is missing from a locale, when a locale's
 * text names other params than the server sends, or when server code refuses with a text that
 * is not a registered key (the types stop that too; this catches casts and plain strings).
 */

const root = path.resolve(__dirname, "../..");
const catalogues = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    JSON.parse(fs.readFileSync(path.join(root, "locales", `${lang}.json`), "utf8")) as Record<string, string>,
  ]),
);
const keys = Object.keys(REFUSALS) as (keyof typeof REFUSALS)[];

function sources(folder: string): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) out.push(...sources(file));
    else if (/\.ts$/.test(entry.name)) out.push({ file: path.relative(root, file), text: fs.readFileSync(file, "utf8") });
  }
  return out;
}
// The web server answers for the API when no API process does (web-server/gateway-refusal.ts).
const serverAndDomain = [
  ...sources(path.join(root, "server")),
  ...sources(path.join(root, "domain")),
  ...sources(path.join(root, "web-server")),
].filter((s) => s.file !== path.join("domain", "refusals.ts"));

describe("refusal registry", () => {
  it("has keys the locale files accept, with English texts", () => {
    expect(keys.length).toBeGreaterThan(100);
    for (const key of keys) {
      expect(key).toMatch(/^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9_]*)+$/);
      expect(REFUSALS[key].trim(), key).not.toBe("");
    }
  });

  it.each(LANGUAGES)("%s has every key, naming exactly the params the server sends", (lang) => {
    const catalogue = catalogues[lang]!;
    const missing = keys.filter((key) => typeof catalogue[key] !== "string" || catalogue[key]!.trim() === "");
    expect(missing, `${lang} lacks`).toEqual([]);
    for (const key of keys)
      expect(placeholdersOf(catalogue[key]!).sort(), `${lang} ${key}`).toEqual(placeholdersOf(REFUSALS[key]).sort());
  });

  it("en.json says exactly what the registry says (msg and the English screen agree)", () => {
    for (const key of keys) expect(catalogues.en![key], key).toBe(REFUSALS[key]);
  });

  it.each(["de", "jp", "kr", "cn"])("%s translates the refusals rather than copying English", (lang) => {
    const copied = keys.filter((key) => /[a-z]{3}/i.test(REFUSALS[key]) && catalogues[lang]![key] === REFUSALS[key]);
    expect(copied).toEqual([]);
  });

  it("renders msg from the English text and the params", () => {
    expect(englishText(refusal("withdraw.belowMinimum", { minimum: "10" }))).toBe("The minimum withdrawal is 10 USDT");
    expect(englishText(refusal("fundPassword.wrong"))).toBe("Wrong fund password");
    expect(refusal("fundPassword.wrong")).toEqual({ key: "fundPassword.wrong" });
    expect(isRefusalKey("fundPassword.wrong")).toBe(true);
    expect(isRefusalKey("toString")).toBe(false);
  });
});

describe("server code refuses only with registered keys", () => {
  // The helpers of server/lib/errors.ts (and the registry's `refusal`): their key argument.
  const helperCall =
    /\b(badRequest|unauthorized|forbidden|notFound|conflict|tooManyRequests|refusal|limitPerUser)\(\s*(?:[^,()]+,\s*)?(["'`])((?:(?!\2).)*)\2/g;

  it("every key literal given to an error helper is registered", () => {
    const found: string[] = [];
    for (const { file, text } of serverAndDomain)
      for (const m of text.matchAll(helperCall)) {
        found.push(m[3]!);
        expect(isRefusalKey(m[3]), `${file}: ${m[0]}`).toBe(true);
      }
    expect(found.length).toBeGreaterThan(80);
  });

  it("no refusal is built from free text: no AppError, fail() or helper with a message string", () => {
    const offenders: string[] = [];
    for (const { file, text } of serverAndDomain) {
      for (const m of text.matchAll(/new AppError\(\s*[^,]+,\s*(["'`])/g)) offenders.push(`${file}: ${m[0]}`);
      for (const m of text.matchAll(/\bfail\(\s*[^,]+,\s*(["'`])/g)) offenders.push(`${file}: ${m[0]}`);
      for (const m of text.matchAll(/\brefuse\(\s*\d+,\s*(["'`])((?:(?!\1).)*)\1/g))
        if (!isRefusalKey(m[2])) offenders.push(`${file}: ${m[0]}`);
      // A message cast into a key's place.
      for (const m of text.matchAll(/(["'`])[^"'`\n]*\s[^"'`\n]*\1\s+as\s+(never|RefusalKey)/g))
        offenders.push(`${file}: ${m[0]}`);
    }
    expect(offenders).toEqual([]);
  });

  it("every registered key is one the server can send (no dead keys)", () => {
    const all = serverAndDomain.map((s) => s.text).join("\n");
    const unused = keys.filter((key) => !all.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });
});
