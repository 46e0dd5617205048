import type { LocalAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { AppConfig } from "../../config";
import { hardhatIndexOf } from "./hardhat-keys";
import { keystoreAccount } from "./keystore-account";
import { remoteSignerAccount } from "./remote-signer-account";
import type { SignerSource } from "./signer-sources";
import { LOCAL_CHAIN_ID, SIGNER_ROLE_NAMES, SIGNER_ROLES, variableOf, type SignerRole } from "./signer-roles";

/** Each server job's account, or null when its key is not configured (the job then stays off). */
export type ServerAccounts = Record<SignerRole, LocalAccount | null>;

/**
 * Turns the configured key sources into accounts, once, before the server starts: keystores
 * are decrypted here (one after the other: scrypt takes up to 256 MiB each), remote signers
 * are set up (they are reached on the first signature). Refuses the start, naming every
 * variable at fault, when a keystore does not open, a key is not the role's `<prefix>_ADDRESS`,
 * off chain 31337 a key is one of Hardhat's well-known ones (through any route), two roles
 * share one address (one key, one role), or the lottery keeper is on without a key of its own.
 */
export async function loadServerAccounts(
  config: Pick<AppConfig, "chainId" | "signers" | "lotteryKeeperIntervalMs">,
): Promise<ServerAccounts> {
  const issues: string[] = [];
  const accounts = {} as ServerAccounts;
  const holder = new Map<string, SignerSource>();
  for (const role of SIGNER_ROLE_NAMES) {
    const source = config.signers[role];
    accounts[role] = null;
    if (!source) continue;
    let account: LocalAccount;
    try {
      account = await accountOf(source);
    } catch (err) {
      issues.push((err as Error).message);
      continue;
    }
    const address = account.address.toLowerCase();
    if (source.expected && source.expected.toLowerCase() !== address)
      issues.push(`${variableOf(role, "ADDRESS")} is ${source.expected}, but ${source.variable} holds ${account.address}`);
    // On the local chain Hardhat's keys are the point (and deriving them costs a second).
    const hardhat = config.chainId === LOCAL_CHAIN_ID ? null : hardhatIndexOf(address);
    if (hardhat !== null)
      issues.push(
        `${source.variable}: holds Hardhat's well-known account #${hardhat} (${account.address}), whose key is public; ` +
          `off the local chain (31337) every server key must be your own`,
      );
    const other = holder.get(address);
    if (other)
      issues.push(
        `${other.variable} and ${source.variable} hold the same address ${account.address}: ` +
          `one key serves one role (the ${SIGNER_ROLES[other.role].job} and the ${SIGNER_ROLES[role].job} need a key each)`,
      );
    holder.set(address, source);
    accounts[role] = account;
  }
  // Without a key of its own the keeper would stop mid-round with players' entries in it, so a
  // keeper left on (the default) without a key refuses the start rather than idling quietly.
  if (config.chainId !== LOCAL_CHAIN_ID && config.lotteryKeeperIntervalMs > 0 && !config.signers.lotteryKeeper)
    issues.push(
      `the lottery keeper needs a key of its own: set ${variableOf("lotteryKeeper", "KEYSTORE")} with ` +
        `${variableOf("lotteryKeeper", "PASSWORD_FILE")}, or ${variableOf("lotteryKeeper", "SIGNER_URL")} with ` +
        `${variableOf("lotteryKeeper", "ADDRESS")}, or LOTTERY_KEEPER_INTERVAL_MS=0 to run without it ` +
        `(it no longer signs with the payout key)`,
    );
  if (issues.length > 0) throw new Error(`Server keys refused:\n${issues.map((i) => `✖ ${i}`).join("\n")}`);
  return accounts;
}

function accountOf(source: SignerSource): Promise<LocalAccount> | LocalAccount {
  switch (source.kind) {
    case "private-key":
      return privateKeyToAccount(source.privateKey);
    case "keystore":
      return keystoreAccount({
        variable: source.variable,
        passwordVariable: variableOf(source.role, "PASSWORD_FILE"),
        file: source.file,
        passwordFile: source.passwordFile,
      });
    case "remote":
      return remoteSignerAccount({ url: source.url, address: source.address, variable: source.variable });
  }
}

/** What the start-up log says of each key: its address and where it comes from, never more. */
export function describeServerAccounts(config: Pick<AppConfig, "signers">, accounts: ServerAccounts) {
  return Object.fromEntries(
    SIGNER_ROLE_NAMES.map((role) => {
      const source = config.signers[role];
      const account = accounts[role];
      return [
        role,
        source && account
          ? { address: account.address, source: source.kind === "private-key" && source.dev ? "local default" : source.kind }
          : null,
      ];
    }),
  );
}
