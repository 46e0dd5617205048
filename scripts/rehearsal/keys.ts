import fs from "node:fs";
import path from "node:path";
import { encryptKeystoreJson } from "ethers";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";

/** The rehearsal's operator keys: each an encrypted V3 keystore with its password in a file. */
export const REHEARSAL_ROLES = ["deployer", "provider", "payout", "binder", "dividend", "priceKeeper", "lotteryKeeper"] as const;
export type RehearsalRole = (typeof REHEARSAL_ROLES)[number];

export interface RehearsalKey {
  address: `0x${string}`;
  keystoreFile: string;
  passwordFile: string;
}

/**
 * Fresh random keys, written only as keystores (scrypt, the password in its own file, both
 * readable by this user alone). Lighter scrypt than a wallet's default (2^14, not 2^18) so that
 * three API processes start in seconds; an operator's real keystores use the default.
 * The private keys leave this function only to fund the accounts in the chain's genesis.
 */
export async function createRehearsalKeys(
  dir: string,
): Promise<{ keys: Record<RehearsalRole, RehearsalKey>; genesis: { privateKey: string; address: string }[] }> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const keys = {} as Record<RehearsalRole, RehearsalKey>;
  const genesis: { privateKey: string; address: string }[] = [];
  for (const role of REHEARSAL_ROLES) {
    const privateKey = generatePrivateKey();
    const address = privateKeyToAddress(privateKey);
    const password = Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64url");
    const keystoreFile = path.join(dir, `${role}.json`);
    const passwordFile = path.join(dir, `${role}.password`);
    fs.writeFileSync(keystoreFile, await encryptKeystoreJson({ address, privateKey }, password, { scrypt: { N: 1 << 14 } }), {
      mode: 0o600,
    });
    fs.writeFileSync(passwordFile, password + "\n", { mode: 0o600 });
    keys[role] = { address, keystoreFile, passwordFile };
    genesis.push({ privateKey, address });
  }
  return { keys, genesis };
}
