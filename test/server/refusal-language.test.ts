import fs from "node:fs";
import path from "node:path";
import Fastify, { type InjectOptions } from "fastify";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HTML_LANG, LANGUAGES } from "@/config/languages";
import { REFUSALS, englishText, placeholdersOf, type Refusal, type RefusalKey } from "../../domain/refusals";
import { CATALOGUE_LANGUAGES, type Catalogue } from "../../domain/refusal-language";
import { errorHandler } from "../../server/lib/error-handler";
import { internalError } from "../../server/lib/errors";
import { loadRefusalTexts } from "../../server/lib/refusal-language";
import { login } from "./support/siwe";
import { createTestApp } from "./support/test-app";

/*
 * Issue 26, item 2: a refusal's `msg` is said in the language of the request's Accept-Language,
 * from the same catalogues as the web app (ADR-0196); the key and
 * params stay as they are, the reply varies on Accept-Language, and the log keeps English.
 */

const catalogues = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../locales", `${lang}.json`), "utf8")) as Record<string, string>,
  ]),
) as Record<Catalogue, Record<string, string>>;

/** The catalogue's text of a refusal with its params put in, as a reader of the file would. */
function catalogueText(catalogue: Catalogue, r: Refusal): string {
  return Object.entries(r.params ?? {}).reduce(
    (text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)),
    catalogues[catalogue][r.key]!,
  );
}

/** Accept-Language headers and the catalogue each must get. */
const ASKED: [string | undefined, Catalogue][] = [
  ["zh-CN", "cn"],
  ["de-DE,de;q=0.9", "de"],
  ["ja", "jp"],
  ["ko-KR", "kr"],
  ["fr", "en"],
  [undefined, "en"],
  ["*", "en"],
  ["en;q=0.1, de;q=0.9", "de"],
];

describe("the catalogues behind msg", () => {
  const texts = loadRefusalTexts();

  it("are the web app's five, each known by the BCP 47 language of src/config/languages.ts", () => {
    expect(Object.keys(CATALOGUE_LANGUAGES).sort()).toEqual([...LANGUAGES].sort());
    for (const lang of LANGUAGES) expect(CATALOGUE_LANGUAGES[lang], lang).toBe(new Intl.Locale(HTML_LANG[lang]).language);
  });

  it.each(LANGUAGES)("%s renders every refusal key with its params, nothing left unfilled", (lang) => {
    for (const key of Object.keys(REFUSALS) as RefusalKey[]) {
      const names = placeholdersOf(REFUSALS[key]);
      const r: Refusal = names.length ? { key, params: Object.fromEntries(names.map((n, i) => [n, `<${i}>`])) } : { key };
      const text = texts.text(r, lang);
      expect(text, `${lang} ${key}`).toBe(catalogueText(lang, r));
      expect(text, `${lang} ${key}`).not.toMatch(/{{|}}/);
      for (const [i] of names.entries()) expect(text, `${lang} ${key}`).toContain(`<${i}>`);
    }
  });

  it("keeps the specification's Chinese texts exactly", () => {
    expect(texts.text({ key: "api.relogin" }, "cn")).toBe("请重新登录!");
    expect(texts.text({ key: "withdraw.insufficient" }, "cn")).toBe(catalogues.cn["withdraw.insufficient"]);
  });

  it.each([
    ...ASKED,
    ["zh", "cn"],
    ["zh-Hans-CN", "cn"],
    ["ZH-cn", "cn"],
    ["ja-JP", "jp"],
    ["ko", "kr"],
    ["de-DE", "de"],
    ["DE", "de"],
    ["fr-FR, ko;q=0.3, ja;q=0.5", "jp"],
    ["de;q=0, fr", "en"],
    ["*, de;q=0.5", "en"],
    ["en-US,en;q=0.9,zh-CN;q=0.8", "en"],
    // The catalogues' own codes are not languages: kr is Kanuri, cn and jp are nothing.
    ["kr, cn, jp", "en"],
    ["", "en"],
    [";q=1,,", "en"],
    [`${"fr-FR,".repeat(60)}de`, "en"],
  ] as [string | undefined, Catalogue][])("Accept-Language %j → %s", (header, catalogue) => {
    expect(texts.catalogueFor(header)).toBe(catalogue);
  });

  it("puts a client's params in as they are: no placeholder or nesting in them is read", () => {
    const r: Refusal = { key: "api.noSuchCall", params: { method: "GET", path: "/{{method}}/$t(api.internal)" } };
    expect(texts.text(r, "de")).toBe("Diesen Aufruf gibt es nicht: GET /{{method}}/$t(api.internal)");
  });
});

describe("msg in the request's language, through the API", () => {
  let env: Awaited<ReturnType<typeof createTestApp>>;
  let token: string;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    env = await createTestApp(
      { LOG_LEVEL: "debug", WITHDRAW_RATE_LIMIT_PER_MINUTE: "100" },
      { logStream: { write: (line) => lines.push(JSON.parse(line)) } },
    );
    token = await login(env.app, privateKeyToAccount(generatePrivateKey()));
  });
  afterAll(async () => env.close());
  beforeEach(() => {
    lines.length = 0;
  });

  /** Each refusal: how to provoke it, its status, and whether an English msg carries a detail after the text. */
  const CASES: {
    name: string;
    status: number;
    refusal: Refusal;
    detail?: string;
    call: () => InjectOptions;
  }[] = [
    {
      name: "a validation error naming its field",
      status: 400,
      refusal: { key: "api.invalidInput", params: { field: "amount" } },
      detail: "amount must be a positive whole number of micro-USDT, as a string",
      call: () => ({
        method: "POST",
        url: "/base/api/asset/withdraw",
        headers: { token },
        payload: { address: `0x${"12".repeat(20)}`, amount: "-5", password: "123456" },
      }),
    },
    {
      name: "an unknown call with its method and path",
      status: 404,
      refusal: { key: "api.noSuchCall", params: { method: "POST", path: "/base/api/no/such" } },
      call: () => ({ method: "POST", url: "/base/api/no/such?x=1" }),
    },
    {
      name: "no session",
      status: 401,
      refusal: { key: "api.relogin" },
      call: () => ({ method: "GET", url: "/base/api/user/info" }),
    },
    {
      name: "a withdrawal rule with its minimum",
      status: 400,
      refusal: { key: "withdraw.belowMinimum", params: { minimum: "10" } },
      call: () => ({
        method: "POST",
        url: "/base/api/asset/withdraw",
        headers: { token },
        payload: { address: `0x${"12".repeat(20)}`, amount: "9999999", password: "123456" },
      }),
    },
    {
      name: "more than the withdrawable balance (the specification's text)",
      status: 409,
      refusal: { key: "withdraw.insufficient" },
      call: () => ({
        method: "POST",
        url: "/base/api/asset/withdraw",
        headers: { token },
        payload: { address: `0x${"12".repeat(20)}`, amount: "15000000", password: "123456" },
      }),
    },
  ];

  describe.each(CASES)("$name", ({ status, refusal, detail, call }) => {
    it.each(ASKED)(
      "Accept-Language %j: msg in %s, key and params unchanged, Vary, English in the log",
      async (header, catalogue) => {
        const opts = call();
        const res = await env.app.inject({
          ...opts,
          headers: {
            ...(opts.headers as Record<string, string>),
            ...(header === undefined ? {} : { "accept-language": header }),
          },
        });
        expect(res.statusCode).toBe(status);
        const text = catalogueText(catalogue, refusal);
        // A developer's detail follows an English text only; the others are the catalogue's text alone.
        const msg = detail && catalogue === "en" ? `${text} (${detail})` : text;
        expect(res.json()).toEqual({
          code: status,
          msg,
          data: null,
          key: refusal.key,
          ...(refusal.params ? { params: refusal.params } : {}),
        });
        expect(res.headers.vary).toMatch(/(^|,\s*)accept-language(\s*,|$)/i);

        const english = detail ? `${englishText(refusal)} (${detail})` : englishText(refusal);
        const logged = lines.filter((line) => line.key === refusal.key);
        expect(logged).toHaveLength(1);
        expect(logged[0]).toMatchObject({
          msg: english,
          status,
          key: refusal.key,
          ...(refusal.params ? { params: refusal.params } : {}),
        });
        if (catalogue !== "en") expect(JSON.stringify(lines)).not.toContain(text);
      },
    );
  });

  it("a success does not vary on Accept-Language (its body is the same in every language)", async () => {
    const res = await env.app.inject({ method: "GET", url: "/base/api/user/nonce", headers: { "accept-language": "de" } });
    expect(res.json().code).toBe(0);
    expect(res.headers.vary ?? "").not.toMatch(/accept-language/i);
  });

  it("a malformed address, refused before routing, follows Accept-Language too", async () => {
    const res = await env.app.inject({
      method: "POST",
      url: "/base/api/home/notice/%E0%A4%A",
      headers: { "accept-language": "ko" },
    });
    expect(res.json()).toEqual({ code: 400, msg: catalogues.kr["api.badUrl"], data: null, key: "api.badUrl" });
    expect(res.headers.vary).toMatch(/accept-language/i);
  });
});

describe("a server error", () => {
  it("answers api.internal in the request's language and logs the error with the key and the English text", async () => {
    const lines: Record<string, unknown>[] = [];
    const bare = Fastify({ logger: { level: "debug", stream: { write: (line: string) => lines.push(JSON.parse(line)) } } });
    bare.decorate("refusalTexts", loadRefusalTexts());
    bare.setErrorHandler(errorHandler);
    bare.get("/internal", async () => {
      throw internalError("a secret the client must not see");
    });
    await bare.ready();
    const res = await bare.inject({ method: "GET", url: "/internal", headers: { "accept-language": "de-DE" } });
    expect(res.json()).toEqual({ code: 500, msg: catalogues.de["api.internal"], data: null, key: "api.internal" });
    expect(res.body).not.toMatch(/secret/);
    const logged = lines.filter((line) => line.key === "api.internal");
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 50, msg: "Internal server error", status: 500, key: "api.internal" });
    expect(JSON.stringify(logged[0])).toMatch(/a secret the client must not see/);
    await bare.close();
  });
});
