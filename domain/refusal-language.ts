import { parseAccept } from "hono/utils/accept";
import i18next, { type i18n } from "i18next";
import { REFUSALS, type Refusal } from "./refusals";

/*
 * A refusal's `msg` in the language the request asks for (Accept-Language), from the same
 * catalogues as the web app's texts (locales/<code>.json), through i18next: for the API
 * (server/lib/refusal-language.ts) and the web server's own refusals (web-server/gateway-refusal.ts).
 * Why and how: ADR-0196.
 */

/**
 * Each catalogue (its file's code, src/config/languages.ts) and the BCP 47 language it is written
 * in: i18next knows the catalogues by these, so that `zh-Hans-CN` finds cn's texts and `kr` (Kanuri)
 * finds none. English first: the language of an answer when the request names none of ours.
 */
export const CATALOGUE_LANGUAGES = { en: "en", cn: "zh", de: "de", jp: "ja", kr: "ko" } as const;
export type Catalogue = keyof typeof CATALOGUE_LANGUAGES;
type Language = (typeof CATALOGUE_LANGUAGES)[Catalogue];

const CATALOGUE_OF = Object.fromEntries(Object.entries(CATALOGUE_LANGUAGES).map(([c, l]) => [l, c])) as Record<
  Language,
  Catalogue
>;

/**
 * The header is the client's: only its first 256 characters are read (cut after a whole range; a
 * browser sends well under 100), and the answers for the last 256 headers seen are kept.
 */
const MAX_HEADER = 256;
const MAX_REMEMBERED = 256;

/** The part of i18next's language matching used here (`services.languageUtils`, as its plugins use it). */
interface LanguageUtils {
  getBestMatchFromCodes(codes: string[]): string | undefined;
  getLanguagePartFromCode(code: string): string;
}

export interface RefusalTexts {
  /** The catalogue that best serves an Accept-Language header; en when it names none of ours. */
  catalogueFor(acceptLanguage: string | undefined): Catalogue;
  /** A refusal's text in a catalogue, with its params filled in. */
  text(r: Refusal, catalogue: Catalogue): string;
}

/** Only the refusals of a catalogue (and their plural forms, should one ever have them): what the server says. */
function refusalsOf(catalogueJson: string): Record<string, string> {
  const all = JSON.parse(catalogueJson) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(all).filter(([key]) => Object.hasOwn(REFUSALS, key.replace(/_(zero|one|two|few|many|other)$/, ""))),
  );
}

/**
 * One i18next instance over the refusals of the five catalogues, made once when a server is built:
 * `read` gives the text of `locales/<catalogue>.json` (reading the five takes about 10 ms; the
 * instance holds about 80 KB).
 */
export function createRefusalTexts(read: (catalogue: Catalogue) => string): RefusalTexts {
  const instance: i18n = i18next.createInstance();
  const catalogues = Object.keys(CATALOGUE_LANGUAGES) as Catalogue[];
  void instance.init({
    initAsync: false,
    resources: Object.fromEntries(catalogues.map((c) => [CATALOGUE_LANGUAGES[c], { translation: refusalsOf(read(c)) }])),
    supportedLngs: Object.values(CATALOGUE_LANGUAGES),
    // `de-DE`, `zh-Hans-CN`: the language part decides; a bare `DE` reads as `de`.
    nonExplicitSupportedLngs: true,
    load: "languageOnly",
    cleanCode: true,
    fallbackLng: "en",
    keySeparator: false,
    nsSeparator: false,
    // The text goes into JSON, not HTML: nothing to escape.
    interpolation: { escapeValue: false },
  });
  const languages = instance.services.languageUtils as LanguageUtils;

  /** Parsed and ordered by q (ties keep the header's order); q=0 means "not this one". */
  function negotiate(header: string): Catalogue {
    // The wildcard asks for any language: the default one.
    const ranges = parseAccept(header)
      .filter((range) => range.q > 0)
      .map((range) => (range.type === "*" ? "en" : range.type));
    const best = languages.getBestMatchFromCodes(ranges);
    if (!best) return "en";
    // Back to one of the five (the match keeps the client's region and script).
    return CATALOGUE_OF[languages.getLanguagePartFromCode(best) as Language] ?? "en";
  }
  const remembered = new Map<string, Catalogue>();

  return {
    catalogueFor(acceptLanguage) {
      if (!acceptLanguage) return "en";
      const header =
        acceptLanguage.length <= MAX_HEADER
          ? acceptLanguage
          : acceptLanguage.slice(0, Math.max(0, acceptLanguage.lastIndexOf(",", MAX_HEADER)));
      let catalogue = remembered.get(header);
      if (catalogue === undefined) {
        catalogue = negotiate(header);
        if (remembered.size >= MAX_REMEMBERED) remembered.clear();
        remembered.set(header, catalogue);
      }
      return catalogue;
    },
    text(r, catalogue) {
      // Only ever one of the five languages, so i18next's per-language caches stay bounded. `t` with
      // `lng` rather than a getFixedT per answer: the same lookup, without copying every option of
      // the instance on each call (a third of the time). The params go in `replace`: a param is
      // never read as one of t's options.
      return instance.t(r.key, { lng: CATALOGUE_LANGUAGES[catalogue], replace: r.params ?? {} });
    },
  };
}
