import { createHash } from "node:crypto";
import path from "node:path";
import type { Plugin, Rollup } from "vite";
import { parseEnv } from "../src/config/env-schema";
import { LANGUAGES } from "../src/config/languages";
import { buildClassicScript } from "./lib/build-classic-script";
import { FIRST_LOAD_MODULES, type FirstLoadPlan, type FirstLoadRoute } from "../src/boot/first-load-plan";

/** The shop catalogue's module of one language (scripts/lib/vite-locale-catalogues.ts). */
const SHOP_TEXTS = /\/locales\/(\w+)\.json\?catalogue=shop$/;

/**
 * The files each landing page needs beyond what the entry brings: the page's chunk, the chunks it
 * imports statically, and their stylesheets; and the shop catalogue's chunk per language. A build
 * without one of the pages fails, so that a renamed route is noticed here and not on a phone.
 */
export function firstLoadPlan(bundle: Rollup.OutputBundle, root: string, apiBase: string, intlWorker: string): FirstLoadPlan {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === "chunk");
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error("the build has no entry chunk");
  const closure = (start: Rollup.OutputChunk, seen = new Set<string>()) => {
    const visit = (chunk: Rollup.OutputChunk) => {
      if (seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      for (const name of chunk.imports) {
        const imported = bundle[name];
        if (imported?.type === "chunk") visit(imported);
      }
    };
    visit(start);
    return seen;
  };
  const withEntry = closure(entry);
  const routes = {} as FirstLoadPlan["routes"];
  for (const [route, names] of Object.entries(FIRST_LOAD_MODULES) as [FirstLoadRoute, readonly string[]][]) {
    const own = [
      ...new Set(
        names.flatMap((name) => {
          const module = path.resolve(root, "src/app/routes", `${name}.tsx`);
          const page = chunks.find((c) => c.facadeModuleId === module);
          if (!page) throw new Error(`the landing page ${module} is not a chunk of the build`);
          return [...closure(page, new Set(withEntry))].filter((f) => !withEntry.has(f));
        }),
      ),
    ];
    const styles = own.flatMap((f) => {
      const chunk = bundle[f];
      return chunk?.type === "chunk" ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
    });
    routes[route] = { scripts: own.map((f) => `/${f}`), styles: [...new Set(styles)].map((f) => `/${f}`) };
  }
  const texts = Object.fromEntries(LANGUAGES.map((lang) => [lang, [] as string[]])) as FirstLoadPlan["texts"];
  for (const chunk of chunks) {
    const lang = SHOP_TEXTS.exec(chunk.facadeModuleId ?? "")?.[1];
    if (lang && lang in texts) texts[lang as keyof typeof texts].push(`/${chunk.fileName}`);
  }
  const missing = LANGUAGES.filter((lang) => texts[lang].length === 0);
  if (missing.length > 0) throw new Error(`the build has no shop texts for ${missing.join(", ")}`);
  return { entry: `/${entry.fileName}`, entryScripts: [...withEntry].map((f) => `/${f}`), apiBase, routes, texts, intlWorker };
}

/**
 * Writes src/boot (the landing page's first requests, its first screen, the app's start) into
 * index.html as an inline script with the build's file names in it, and turns the entry's script
 * into a preload which that script runs. Inline, because a file of its own would cost one more
 * round trip before it could start anything; the web server allows it by its hash
 * (web-server/inline-scripts.ts). Built apps only: the dev server loads modules one by one anyway.
 */
export function firstLoad({ entry = "src/boot/index.ts", intlWorkerEntry = "src/boot/warm-intl-worker.ts" } = {}): Plugin {
  let root = "";
  let alias: unknown = [];
  let apiBase = "";
  let intlWorker = "";
  return {
    name: "first-load",
    apply: "build",
    configResolved(config) {
      root = config.root;
      alias = config.resolve.alias;
      apiBase = parseEnv(config.env).apiBase;
    },
    // The boot script's worker (src/boot/warm-intl-worker.ts): a classic script of its own, named
    // by its content like the build's other files, so that the web server serves it as immutable.
    async buildStart() {
      const code = await buildClassicScript({ root, alias, entry: intlWorkerEntry, define: {} });
      const fileName = `assets/warm-intl-${createHash("sha256").update(code).digest("hex").slice(0, 8)}.js`;
      this.emitFile({ type: "asset", fileName, source: code });
      intlWorker = `/${fileName}`;
    },
    transformIndexHtml: {
      order: "post",
      async handler(html, ctx) {
        if (!ctx.bundle) return html;
        const plan = firstLoadPlan(ctx.bundle, root, apiBase, intlWorker);
        const code = (await buildClassicScript({ root, alias, entry, define: { __FIRST_LOAD_PLAN__: plan } })).trim();
        if (code.includes("</script")) throw new Error("the boot script cannot be inlined: it contains </script");
        // The entry and its chunks load and run when the boot script says (src/boot/start-app.ts).
        const tag = (file: string) =>
          new RegExp(
            `<(script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="${file.replace(/[.]/g, "\\.")}">(</script>)?\\s*`,
          );
        if (!tag(plan.entry).test(html)) throw new Error(`index.html has no module script for ${plan.entry}`);
        const withoutEntry = plan.entryScripts.reduce((page, file) => page.replace(tag(file), ""), html);
        return { html: withoutEntry, tags: [{ tag: "script", children: code, injectTo: "head" }] };
      },
    },
  };
}
