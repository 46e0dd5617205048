import type { Plugin } from "vite";

/**
 * V8's explicit compile hint for a whole file (Chrome 136+): the first line of a script or module
 * saying so, before any other character. Other engines read it as a comment.
 */
export const COMPILE_ALL_FUNCTIONS = "//# allFunctionsCalledOnLoad\n";

/** `code` starting with the hint; as it was when it already does. */
export function withCompileHint(code: string): string {
  return code.startsWith(COMPILE_ALL_FUNCTIONS) ? code : COMPILE_ALL_FUNCTIONS + code;
}

/**
 * Marks the app's entry chunk for eager compilation (ADR-0222). V8 otherwise compiles each function
 * of it lazily, on the main thread, the first time it runs; nearly all of the entry runs at the
 * start (React, the router, the query cache, i18next, the app's shell), so on a landing page those
 * compilations fell in the tasks right after the first paint. Marked, the whole file is compiled
 * while it streams in, on a background thread. Only the entry: a lazy chunk is mostly code the
 * visitor may never run.
 */
export function compileHints(): Plugin {
  return {
    name: "compile-hints",
    apply: "build",
    generateBundle: {
      // After the build's own additions to the top of a chunk (the preload table of its imports).
      order: "post",
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle))
          if (chunk.type === "chunk" && chunk.isEntry) chunk.code = withCompileHint(chunk.code);
      },
    },
  };
}
