import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ABSENT_BYTECODE,
  VIEM_BYTECODE_MODULE,
  withoutDeploylessBytecode,
} from "../../../scripts/lib/vite-without-deployless-bytecode";

// ADR-0220: the browser build leaves out viem's creation code for deployless calls and ERC-6492
// checks; these tests hold the two halves of that bargain.

const ROOT = path.resolve(__dirname, "../../..");
const viemModule = path.join(ROOT, "node_modules/viem/_esm/constants/contracts.js");

function exportsOf(code: string): string[] {
  return [...code.matchAll(/export const (\w+)\s*=/g)].map((m) => m[1]!).sort();
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

describe("viem's creation code out of the browser build", () => {
  it("keeps every export of viem's module and leaves no creation code in it", () => {
    expect(VIEM_BYTECODE_MODULE.test(viemModule)).toBe(true);
    const code = fs.readFileSync(viemModule, "utf8");
    const out = withoutDeploylessBytecode(code);
    expect(exportsOf(out)).toEqual(exportsOf(code));
    expect(exportsOf(out)).toEqual(
      expect.arrayContaining(["deploylessCallViaBytecodeBytecode", "deploylessCallViaFactoryBytecode", "multicall3Bytecode"]),
    );
    expect(out).not.toMatch(/0x[0-9a-fA-F]{64,}/);
    expect(out.split(JSON.stringify(ABSENT_BYTECODE)).length - 1).toBe(exportsOf(code).length);
    // Far less than what a phone downloaded for it.
    expect(out.length).toBeLessThan(code.length / 10);
  });

  it("is not hex, so a call that still reached one of those paths is refused rather than run", () => {
    expect(ABSENT_BYTECODE).not.toMatch(/^0x[0-9a-fA-F]*$/);
  });

  it("refuses a module without creation code, so a change in viem is noticed at build", () => {
    expect(() => withoutDeploylessBytecode("export const x = '0x12';")).toThrow(/ADR-0220/);
  });

  it("is in the browser build and not in the server's first-screen renderer", async () => {
    const configFile = path.join(ROOT, "vite.config.mts");
    const { default: config } = (await import(/* @vite-ignore */ configFile)) as {
      default: (env: { command: "build"; mode: string; isSsrBuild: boolean }) => { plugins: { name: string }[] };
    };
    const names = (isSsrBuild: boolean) =>
      config({ command: "build", mode: "production", isSsrBuild }).plugins.map((p) => p.name);
    expect(names(false)).toContain("without-deployless-call-bytecode");
    expect(names(true)).not.toContain("without-deployless-call-bytecode");
  });

  it("is matched only by viem's module", () => {
    expect(VIEM_BYTECODE_MODULE.test(path.join(ROOT, "node_modules/viem/_esm/constants/abis.js"))).toBe(false);
    expect(VIEM_BYTECODE_MODULE.test(path.join(ROOT, "src/lib/wallet/contracts.js"))).toBe(false);
  });

  it("the web app makes no call that needs it: no deployless call, no factory, no signature check in the browser", () => {
    const offenders = ["src", "domain", "generated"].flatMap(sourceFiles).filter((file) => {
      const text = fs.readFileSync(file, "utf8");
      return /\bdeployless\b|\bfactoryData\b|\b(verifyHash|verifyMessage|verifyTypedData|verifySiweMessage|simulateCalls|useVerifyMessage|useVerifyTypedData)\b/.test(
        text,
      );
    });
    expect(offenders.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});
