/**
 * The deployer's key on a live network: an encrypted JSON keystore (Web3 Secret Storage, what
 * geth, Foundry's `cast wallet` and ethers write), never a raw private key in the environment.
 * `hardhat.config.ts` hands each live network's provider to `withDeployerKeystore`, which puts
 * Hardhat's own local-accounts signer over it, holding the one decrypted key, exactly where
 * Hardhat puts it for a network configured with `accounts: [key]`: below its sender, gas and
 * chain-id wrappers, so `hre.viem.getWalletClients()` and hardhat-verify work unchanged.
 */
import fs from "node:fs";
import type { EIP1193Provider } from "hardhat/types";

/** Networks whose deployer must come from a keystore (hardhat.config.ts). */
export const LIVE_NETWORKS: readonly string[] = ["bsc", "bscTestnet"];

/** Reads and decrypts the keystore named by `DEPLOYER_KEYSTORE` with the password in `DEPLOYER_PASSWORD_FILE`. */
export async function decryptDeployerKeystore(env: NodeJS.ProcessEnv): Promise<{ address: string; privateKey: string }> {
  const file = env.DEPLOYER_KEYSTORE;
  const passwordFile = env.DEPLOYER_PASSWORD_FILE;
  if (!file || !passwordFile) throw new Error("DEPLOYER_KEYSTORE and DEPLOYER_PASSWORD_FILE must both be set");
  // A file, not a variable: the password stays out of the process list, shell history and `env` dumps.
  const password = fs.readFileSync(passwordFile, "utf8").replace(/\r?\n$/, "");
  if (password === "") throw new Error(`DEPLOYER_PASSWORD_FILE ${passwordFile} is empty`);
  // ethers is loaded only here: no other command pays for it.
  const { decryptKeystoreJson, isKeystoreJson } = await import("ethers");
  const json = fs.readFileSync(file, "utf8");
  if (!isKeystoreJson(json)) throw new Error(`DEPLOYER_KEYSTORE ${file} is not an encrypted JSON keystore`);
  try {
    const account = await decryptKeystoreJson(json, password);
    return { address: account.address, privateKey: account.privateKey };
  } catch (err) {
    throw new Error(`cannot decrypt DEPLOYER_KEYSTORE ${file}: ${(err as Error).message}`, { cause: err });
  }
}

/**
 * The network's provider with the keystore's account able to sign. Without `DEPLOYER_KEYSTORE`
 * the provider is returned as is (read-only commands such as `verify` need no key); the deploy
 * then refuses for want of an account. A raw `DEPLOYER_PRIVATE_KEY` is refused outright, so the
 * habit never reaches a live network.
 */
export async function withDeployerKeystore(provider: EIP1193Provider, env: NodeJS.ProcessEnv): Promise<EIP1193Provider> {
  if (env.DEPLOYER_PRIVATE_KEY)
    throw new Error(
      "DEPLOYER_PRIVATE_KEY is not accepted: encrypt the key into a keystore (DEPLOYER_KEYSTORE, DEPLOYER_PASSWORD_FILE)",
    );
  if (!env.DEPLOYER_KEYSTORE) return provider;
  const { privateKey } = await decryptDeployerKeystore(env);
  // Hardhat's class for `accounts: [key]` (not part of its typed surface; pinned with hardhat 2.29.1).
  const { LocalAccountsProvider } = (await import("hardhat/internal/core/providers/accounts")) as {
    LocalAccountsProvider: new (provider: EIP1193Provider, keys: string[]) => EIP1193Provider;
  };
  return new LocalAccountsProvider(provider, [privateKey]);
}
