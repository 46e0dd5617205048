import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@/config/languages";

const dir = path.resolve(__dirname, "../../locales");
const catalogues = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, JSON.parse(fs.readFileSync(path.join(dir, `${lang}.json`), "utf8")) as Record<string, unknown>]),
);

/** Chinese texts the specification fixes word for word. */
const SPEC_CN: Record<string, string> = {
  "common.empty": "暂无数据",
  "api.relogin": "请重新登录!",
  "common.copied": "复制成功",
  "nav.home": "首页",
  "nav.zone": "专区",
  "nav.assets": "资产",
  "nav.mine": "我的",
  "withdraw.tronUnsupported": "暂不支持 TRON TRC20 USDT 提现!",
  "withdraw.insufficient": "可用USDT提现余额不足!",
};

/** English labels of the user info panel in the specification's text catalogue. */
const SPEC_EN: Record<string, string> = {
  "user.address": "Address",
  "user.invitationCode": "Invitation Code",
  "user.assets": "Assets",
  "user.inviter": "Inviter",
  "user.signOut": "Sign out",
};

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe("locales", () => {
  const allKeys = [...new Set(Object.values(catalogues).flatMap((c) => Object.keys(c)))].sort();

  it.each(LANGUAGES)("%s has every key that any locale has", (lang) => {
    const missing = allKeys.filter((key) => !(key in catalogues[lang]!));
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)("%s has flat dotted keys with non-empty string values", (lang) => {
    for (const [key, value] of Object.entries(catalogues[lang]!)) {
      expect(key).toMatch(/^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9_]*)+$/);
      expect(typeof value === "string" && value.trim() !== "", `${lang} ${key}`).toBe(true);
    }
  });

  it.each(LANGUAGES)("%s uses the same placeholders as en", (lang) => {
    for (const key of Object.keys(catalogues.en!)) {
      expect(placeholders(String(catalogues[lang]![key])), `${lang} ${key}`).toEqual(placeholders(String(catalogues.en![key])));
    }
  });

  it("has every key the source code uses", () => {
    const prefixes = [...new Set(Object.keys(catalogues.en!).map((key) => key.split(".")[0]))].join("|");
    const literal = new RegExp(`["'\`]((?:${prefixes})\\.[A-Za-z0-9_.]+)["'\`]`, "g");
    const used = new Set<string>();
    const walk = (folder: string) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const file = path.join(folder, entry.name);
        if (entry.isDirectory() && entry.name !== "generated") walk(file);
        else if (/\.tsx?$/.test(entry.name)) for (const m of fs.readFileSync(file, "utf8").matchAll(literal)) used.add(m[1]!);
      }
    };
    walk(path.resolve(__dirname, "../../src"));
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((key) => !(key in catalogues.en!) && !/\.(css|tsx?|json)$/.test(key))).toEqual([]);
  });

  it("cn carries the specification's exact texts", () => {
    for (const [key, text] of Object.entries(SPEC_CN)) expect(catalogues.cn![key], key).toBe(text);
  });

  it("en carries the catalogue's user panel labels", () => {
    for (const [key, text] of Object.entries(SPEC_EN)) expect(catalogues.en![key], key).toBe(text);
  });
});

/** The operator console's own catalogue (locales/console/*.json), loaded with the console only. */
describe("console locales", () => {
  const consoleDir = path.join(dir, "console");
  const consoleCatalogues = Object.fromEntries(
    LANGUAGES.map((lang) => [
      lang,
      JSON.parse(fs.readFileSync(path.join(consoleDir, `${lang}.json`), "utf8")) as Record<string, unknown>,
    ]),
  );
  const consoleKeys = [...new Set(Object.values(consoleCatalogues).flatMap((c) => Object.keys(c)))].sort();

  it.each(LANGUAGES)("%s has every console key, flat and non-empty, with en's placeholders", (lang) => {
    const catalogue = consoleCatalogues[lang]!;
    expect(consoleKeys.filter((key) => !(key in catalogue))).toEqual([]);
    for (const [key, value] of Object.entries(catalogue)) {
      expect(key).toMatch(/^console(\.[A-Za-z][A-Za-z0-9_]*)+$/);
      expect(typeof value === "string" && value.trim() !== "", `${lang} ${key}`).toBe(true);
      expect(placeholders(String(value)), `${lang} ${key}`).toEqual(placeholders(String(consoleCatalogues.en![key])));
    }
  });

  it("keeps its keys apart from the shop's catalogue and has every console key the source uses", () => {
    expect(Object.keys(catalogues.en!).filter((key) => key.startsWith("console."))).toEqual([]);
    const used = new Set<string>();
    const walk = (folder: string) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const file = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name))
          for (const m of fs.readFileSync(file, "utf8").matchAll(/["'`](console\.[A-Za-z0-9_.]+)["'`]/g)) used.add(m[1]!);
      }
    };
    walk(path.resolve(__dirname, "../../src"));
    expect(used.size).toBeGreaterThan(50);
    const known = (key: string) => key in consoleCatalogues.en! || `${key}_one` in consoleCatalogues.en!;
    expect([...used].filter((key) => !known(key) && !/\.(css|tsx?|json)$/.test(key))).toEqual([]);
  });
});
