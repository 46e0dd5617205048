import fs from "node:fs";
import type { Plugin } from "vite";
import { catalogueOf } from "../../src/config/catalogues";

/**
 * `locales/<lang>.json?catalogue=<name>` holds only the keys of that catalogue, with English
 * texts for any key the language lacks
 * (config/catalogues.ts): the texts stay one file per language for whoever writes them, and a
 * route downloads only the catalogues it shows.
 */
export function localeCatalogues(): Plugin {
  return {
    name: "locale-catalogues",
    enforce: "pre",
    load(id) {
      const [file = "", query = ""] = id.split("?");
      const catalogue = new URLSearchParams(query).get("catalogue");
      if (!catalogue || !/\/locales\/\w+\.json$/.test(file)) return undefined;
      this.addWatchFile(file);
      // English is the fallback of every language, filled in here: a key a language lacks reads
      // in English, and no visitor downloads the English texts beside their own (ADR-0193).
      const english = JSON.parse(fs.readFileSync(file.replace(/\w+\.json$/, "en.json"), "utf8")) as Record<string, string>;
      const texts = { ...english, ...(JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>) };
      const subset = Object.fromEntries(Object.entries(texts).filter(([key]) => catalogueOf(key) === catalogue));
      return `export default ${JSON.stringify(subset)};`;
    },
  };
}
