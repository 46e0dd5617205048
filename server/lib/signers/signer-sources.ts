import type { Address, Hex } from "viem";
import { privateKeyToAddress } from "viem/accounts";
import { isEvmAddress } from "../../../domain/evm-address";
import { hardhatIndexOf } from "./hardhat-keys";
import { LOCAL_CHAIN_ID, SIGNER_ROLE_NAMES, SIGNER_ROLES, variableOf, type SignerRole } from "./signer-roles";

/**
 * Where one server key comes from. `variable` is what a refusal names; `expected` is the
 * role's `<prefix>_ADDRESS` when set (the address the deploy granted the role to), which the
 * key must turn out to have.
 */
export type SignerSource = { role: SignerRole; variable: string; expected: Address | null } & (
  | { kind: "private-key"; privateKey: Hex; dev: boolean }
  | { kind: "keystore"; file: string; passwordFile: string }
  | { kind: "remote"; url: string; address: Address }
);

export type SignerSources = Record<SignerRole, SignerSource | null>;

const PRIVATE_KEY = /^0x[0-9a-fA-F]{64}$/;

/**
 * Reads the keys' variables: per role a raw key (chain 31337 only), a V3 keystore with its
 * password file, or a remote signer's URL with the key's address; on chain 31337 without any,
 * the role's Hardhat key. Throws, naming every variable at fault (never a value), when one is
 * malformed, incomplete, doubled, or a raw key off the local chain.
 */
export function signerSourcesOf(env: Record<string, string | undefined>, chainId: number): SignerSources {
  const issues: string[] = [];
  const sources = {} as SignerSources;
  for (const role of SIGNER_ROLE_NAMES) sources[role] = sourceOf(role, env, chainId, issues);
  if (issues.length > 0) throw new Error(`Invalid configuration:\n${issues.map((i) => `✖ ${i}`).join("\n")}`);
  return sources;
}

function sourceOf(role: SignerRole, env: Record<string, string | undefined>, chainId: number, issues: string[]) {
  const name = (suffix: Parameters<typeof variableOf>[1]) => variableOf(role, suffix);
  // An empty value is an unset one (an env file's `KEY=`).
  const read = (suffix: Parameters<typeof variableOf>[1]) => env[name(suffix)]?.trim() || undefined;
  const [key, keystore, passwordFile, url, address] = [
    read("PRIVATE_KEY"),
    read("KEYSTORE"),
    read("PASSWORD_FILE"),
    read("SIGNER_URL"),
    read("ADDRESS"),
  ];
  const before = issues.length;
  const given = [key && name("PRIVATE_KEY"), keystore && name("KEYSTORE"), url && name("SIGNER_URL")].filter(Boolean);
  if (given.length > 1) issues.push(`${given.join(", ")}: set only one source for the ${SIGNER_ROLES[role].job} key`);
  if (address !== undefined && !isEvmAddress(address)) issues.push(`${name("ADDRESS")}: not a 0x address`);
  if (key !== undefined) {
    if (!PRIVATE_KEY.test(key)) issues.push(`${name("PRIVATE_KEY")}: a 32-byte hex private key`);
    else if (chainId !== LOCAL_CHAIN_ID) issues.push(rawKeyRefusal(role, key));
  }
  if ((keystore === undefined) !== (passwordFile === undefined))
    issues.push(`${name("KEYSTORE")} and ${name("PASSWORD_FILE")}: set both (the keystore and the file holding its password)`);
  if (url !== undefined) {
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
      issues.push(`${name("SIGNER_URL")}: an http(s) URL of a JSON-RPC signer`);
    if (address === undefined) issues.push(`${name("SIGNER_URL")} needs ${name("ADDRESS")}: the address the signer signs for`);
  }
  if (issues.length > before) return null;

  const expected = address ? (address as Address) : null;
  if (key)
    return { role, variable: name("PRIVATE_KEY"), expected, kind: "private-key" as const, privateKey: key as Hex, dev: false };
  if (keystore && passwordFile)
    return { role, variable: name("KEYSTORE"), expected, kind: "keystore" as const, file: keystore, passwordFile };
  if (url && address)
    return { role, variable: name("SIGNER_URL"), expected, kind: "remote" as const, url, address: address as Address };
  if (chainId !== LOCAL_CHAIN_ID) return null;
  const dev = SIGNER_ROLES[role].dev;
  return {
    role,
    variable: `the local default key of ${name("PRIVATE_KEY")} (Hardhat #${dev.index})`,
    expected,
    kind: "private-key" as const,
    privateKey: dev.privateKey,
    dev: true,
  };
}

function rawKeyRefusal(role: SignerRole, key: string): string {
  const hardhat = hardhatIndexOf(privateKeyToAddress(key as Hex));
  const known = hardhat === null ? "" : ` It is also Hardhat's well-known account #${hardhat}, whose key is public.`;
  return (
    `${variableOf(role, "PRIVATE_KEY")}: a raw private key in the environment is refused off the local chain (31337);` +
    ` use ${variableOf(role, "KEYSTORE")} with ${variableOf(role, "PASSWORD_FILE")}, or ${variableOf(role, "SIGNER_URL")}` +
    ` with ${variableOf(role, "ADDRESS")}.${known}`
  );
}
