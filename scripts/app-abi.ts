import fs from "node:fs";
import path from "node:path";
import type { Abi } from "viem";

/**
 * The part of a contract's ABI the web app calls (ADR-0218). The per-contract modules the app
 * imports (`generated/abi/*`, `generated/hooks/*`, wagmi.config.ts) hold the functions and events
 * whose names appear in `src/`, and every custom error (a revert of any call is decoded with the
 * ABI it was made with); the admin functions the keepers, the deploy and the console call through
 * the whole-build files stay out of the phone's download. `internalType` goes too: viem encodes
 * and decodes by `type` and `components` alone, and abitype types arguments the same way.
 *
 * A name the scan misses cannot reach the chain unnoticed: the hooks and `functionName`s are typed
 * by these ABIs, so `npm run typecheck` fails on a call of a function they lack.
 */

/** Every identifier and word in the app's sources: names in hooks, `functionName`s, `eventName`s. */
export function appWords(root = "src"): ReadonlySet<string> {
  const words = new Set<string>();
  for (const file of fs.readdirSync(root, { recursive: true, encoding: "utf8" }))
    if (/\.tsx?$/.test(file))
      for (const word of fs.readFileSync(path.join(root, file), "utf8").match(/[A-Za-z_$][\w$]*/g) ?? []) words.add(word);
  return words;
}

const HOOK = /^use(?:Read|Write|Simulate|Watch)[A-Z]\w*$/;
const capitalized = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** Whether the app names `name`: as itself, or as the end of a generated hook's name. */
export function appNames(words: ReadonlySet<string>): (name: string) => boolean {
  const hooks = [...words].filter((word) => HOOK.test(word));
  return (name) => words.has(name) || hooks.some((hook) => hook.endsWith(capitalized(name)));
}

type AbiValue = string | number | boolean | null | undefined | AbiValue[] | { [key: string]: AbiValue };

function withoutInternalTypes(value: AbiValue): AbiValue {
  if (Array.isArray(value)) return value.map(withoutInternalTypes);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== "internalType")
        .map(([key, inner]) => [key, withoutInternalTypes(inner)]),
    );
  return value;
}

/** `abi`'s items the app uses (its functions and events by name, all its errors), without internal types. */
export function appAbi(abi: Abi, used: (name: string) => boolean): Abi {
  const kept = abi.filter(
    (item) => item.type === "error" || ((item.type === "function" || item.type === "event") && used(item.name)),
  );
  return withoutInternalTypes(kept as unknown as AbiValue) as unknown as Abi;
}
