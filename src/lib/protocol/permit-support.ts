import { useSyncExternalStore } from "react";
import type { Address } from "viem";
import { useBytecode } from "wagmi";
import { canSignPermits } from "@domain/permit";

/**
 * Accounts whose wallet failed to sign a permit in this tab (a wallet without
 * `eth_signTypedData_v4`, or one whose signature is not the account's key): from then on their
 * actions approve and then act, as a contract wallet's do. Kept for the tab, not stored: another
 * wallet on the same address may sign.
 */
const refused = new Set<string>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the signer when the wallet could not give a permit the token would accept. */
export function markPermitUnavailable(account: Address): void {
  refused.add(account.toLowerCase());
  for (const listener of listeners) listener();
}

/**
 * Whether `account` can sign a permit the token accepts: an ordinary account (or one delegating
 * its code, EIP-7702) can, a contract wallet cannot (domain/permit.ts `canSignPermits`), nor one
 * whose wallet failed to sign one. Undefined while the account's code is being read; false when
 * it cannot be read (the two steps work for every account).
 */
export function usePermitCapable(account: Address | undefined): boolean | undefined {
  const code = useBytecode({ address: account, query: { enabled: Boolean(account), staleTime: Infinity } });
  const failed = useSyncExternalStore(
    subscribe,
    () => account !== undefined && refused.has(account.toLowerCase()),
    () => false,
  );
  if (!account) return undefined;
  if (failed || code.isError) return false;
  return code.isSuccess ? canSignPermits(code.data) : undefined;
}
