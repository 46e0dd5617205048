import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { toHex } from "viem";
import { HARDHAT_ACCOUNT_COUNT, HARDHAT_MNEMONIC } from "../../../domain/demo-accounts";

let known: Map<string, number> | undefined;

/**
 * The local node's well-known development addresses (HARDHAT_ACCOUNT_COUNT of them) (lowercase) and their index, derived from the
 * public mnemonic rather than copied, so no list can miss one. The mnemonic's seed is stretched
 * once (m/44'/60'/0'/0) and the accounts are its children: as many full derivations would cost a second.
 */
export function hardhatAccounts(): ReadonlyMap<string, number> {
  if (!known) {
    const parent = mnemonicToAccount(HARDHAT_MNEMONIC, { path: "m/44'/60'/0'/0" }).getHdKey();
    known = new Map();
    for (let index = 0; index < HARDHAT_ACCOUNT_COUNT; index++) {
      const child = parent.deriveChild(index);
      known.set(privateKeyToAccount(toHex(child.privateKey!)).address.toLowerCase(), index);
    }
  }
  return known;
}

/** The Hardhat account index of `address`, or null when it is not one of the well-known keys. */
export function hardhatIndexOf(address: string): number | null {
  return hardhatAccounts().get(address.toLowerCase()) ?? null;
}
