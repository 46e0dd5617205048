import { describe, expect, it } from "vitest";
import { COMPILE_ALL_FUNCTIONS, compileHints, withCompileHint } from "../../../scripts/lib/vite-compile-hints";

// ADR-0222: the entry chunk asks V8 to compile all of it while it streams in; no lazy chunk does.

type Handler = (options: unknown, bundle: Record<string, unknown>) => void;

describe("the compile hint on the app's entry", () => {
  it("is the file's first line, once, on the entry chunk only, after the build's own additions", () => {
    const plugin = compileHints();
    const hook = plugin.generateBundle as { order: string; handler: Handler };
    expect(hook.order).toBe("post");
    const bundle = {
      "assets/index-a.js": { type: "chunk", isEntry: true, code: "const __vite__mapDeps=1;import'x';" },
      "assets/home-b.js": { type: "chunk", isEntry: false, code: "export default 1;" },
      "assets/home-b.css": { type: "asset", source: ".a{}" },
    };
    hook.handler({}, bundle);
    hook.handler({}, bundle);
    expect(bundle["assets/index-a.js"].code).toBe(`${COMPILE_ALL_FUNCTIONS}const __vite__mapDeps=1;import'x';`);
    expect(bundle["assets/home-b.js"].code).toBe("export default 1;");
    expect(bundle["assets/home-b.css"]).toEqual({ type: "asset", source: ".a{}" });
  });

  it("is the magic comment V8 reads: `//# allFunctionsCalledOnLoad` alone on the first line", () => {
    expect(withCompileHint("x")).toBe("//# allFunctionsCalledOnLoad\nx");
    expect(withCompileHint(withCompileHint("x"))).toBe(withCompileHint("x"));
  });
});
