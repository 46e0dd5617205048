import type { Plugin } from "vite";

/** viem's module of contract creation code, which `call` imports whole (ADR-0220). */
export const VIEM_BYTECODE_MODULE = /\/node_modules\/viem\/_esm\/constants\/contracts\.js$/;

/**
 * What stands in a browser build where viem keeps a contract's creation code. Not hex: a call that
 * still reached one of those paths would be refused by the node naming this text, never run as code.
 */
export const ABSENT_BYTECODE = "0x-deployless-call-code-left-out-of-the-browser-build-see-ADR-0220";

/** The creation code literals: long hex strings, nothing else in that module is one. */
const BYTECODE_LITERAL = /(['"`])0x[0-9a-fA-F]{64,}\1/g;

/** viem's module with each creation code replaced by ABSENT_BYTECODE; throws if it holds none (viem changed). */
export function withoutDeploylessBytecode(code: string): string {
  let replaced = 0;
  const out = code.replace(BYTECODE_LITERAL, () => {
    replaced += 1;
    return JSON.stringify(ABSENT_BYTECODE);
  });
  if (replaced === 0) throw new Error("viem's constants/contracts.js holds no bytecode any more: review ADR-0220");
  return out;
}

/**
 * Leaves out of the browser build the creation code viem's `call` carries for calls the app never
 * makes: deployless calls (a `code` or `factory` argument, or a multicall without a deployed
 * Multicall3) and ERC-6492 signature checks. The four hex strings are 4.7 KB gzip on every wallet
 * route; the app reads only deployed contracts and verifies signatures on the server (ADR-0220).
 */
export function withoutDeploylessCallBytecode(): Plugin {
  return {
    name: "without-deployless-call-bytecode",
    apply: "build",
    transform(code, id) {
      if (!VIEM_BYTECODE_MODULE.test(id.split("?")[0] ?? "")) return undefined;
      return { code: withoutDeploylessBytecode(code), map: null };
    },
  };
}
