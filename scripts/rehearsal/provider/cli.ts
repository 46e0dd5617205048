/**
 * Command-line plumbing shared by the provider's commands: the options every command takes (the
 * RPC URL, the keystore and its password file, the output file) and a main wrapper that prints a
 * failure and sets the exit code.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { signerFromKeystore, type ProviderSigner } from "./signer";

const COMMON = {
  rpc: { type: "string", default: process.env.PROVIDER_RPC_URL ?? "http://127.0.0.1:8545" },
  keystore: { type: "string" },
  "password-file": { type: "string" },
  out: { type: "string", default: "generated/rehearsal-provider.json" },
  help: { type: "boolean", default: false },
} as const;

const COMMON_USAGE = `
  --rpc URL              the chain's JSON-RPC endpoint (default: $PROVIDER_RPC_URL or http://127.0.0.1:8545)
  --keystore FILE        the provider's encrypted V3 keystore (signs every transaction)
  --password-file FILE   the keystore's password (its first line)
  --out FILE             the provider's output file (default: generated/rehearsal-provider.json)`;

/** Parses `argv` with the common options and `options`; prints `usage` and exits on --help or a bad option. */
export function parseCommand<O extends NonNullable<ParseArgsConfig["options"]>>(
  usage: string,
  options: O,
  argv = process.argv.slice(2),
) {
  const help = () => console.log(`${usage.trim()}\n\nCommon options:${COMMON_USAGE}`);
  try {
    const { values } = parseArgs({ args: argv, options: { ...COMMON, ...options }, strict: true, allowPositionals: false });
    if ((values as { help?: boolean }).help) {
      help();
      process.exit(0);
    }
    return values;
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    help();
    process.exit(2);
  }
}

/** The provider's signer from the common options; fails naming a missing one. */
export async function signerOf(values: { rpc?: string; keystore?: string; "password-file"?: string }): Promise<ProviderSigner> {
  if (!values.keystore || !values["password-file"]) throw new Error("--keystore and --password-file are required");
  return signerFromKeystore(values.rpc!, values.keystore, values["password-file"]);
}

/** Runs a command's main, printing its failure and exiting non-zero. */
export function runMain(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
