import fs from "node:fs/promises";
import type { Hex } from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";

interface KeystoreFiles {
  /** The variables naming the files, for refusals. */
  variable: string;
  passwordVariable: string;
  file: string;
  passwordFile: string;
}

/**
 * Decrypts an Ethereum V3 keystore (geth, clef, ethers and MetaMask write the format) with the
 * password held in a file, once at start. The password is the file's first line, as geth's
 * `--password` reads it, so a trailing newline is not part of it. Only the viem account is kept:
 * neither the password nor the key is logged or returned, and a refusal names files, not contents.
 */
export async function keystoreAccount(o: KeystoreFiles): Promise<PrivateKeyAccount> {
  const json = await readOrRefuse(o.file, o.variable);
  const password = (await readOrRefuse(o.passwordFile, o.passwordVariable)).split(/\r?\n/)[0]!;
  if (password.length === 0) throw new Error(`${o.passwordVariable}: ${o.passwordFile} holds an empty password`);
  // Loaded only when a keystore is configured: the local chain's default keys need none of it.
  const { Wallet, isKeystoreJson } = await import("ethers");
  if (!isKeystoreJson(json)) throw new Error(`${o.variable}: ${o.file} is not an Ethereum V3 keystore`);
  let privateKey: string;
  try {
    privateKey = (await Wallet.fromEncryptedJson(json, password)).privateKey;
  } catch (err) {
    // The message is kept, not ethers' error: its details may quote the keystore it was given.
    const wrongPassword = (err as { argument?: unknown }).argument === "password";
    // eslint-disable-next-line preserve-caught-error
    throw new Error(
      wrongPassword
        ? `${o.variable}: the password in ${o.passwordVariable} does not decrypt ${o.file}`
        : `${o.variable}: cannot decrypt ${o.file} (${(err as { shortMessage?: string }).shortMessage ?? "malformed keystore"})`,
    );
  }
  return privateKeyToAccount(privateKey as Hex);
}

async function readOrRefuse(file: string, variable: string): Promise<string> {
  try {
    return await fs.readFile(file, "utf8");
  } catch (err) {
    throw new Error(`${variable}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? "unreadable"})`, { cause: err });
  }
}
