import type { Hash } from "viem";
import { storage } from "../storage";

/**
 * A submitted transaction not yet confirmed, kept so that a page reload resumes waiting for it:
 * by its hash, or, for calls sent as one EIP-5792 batch, by the batch's id until the wallet
 * reports the transaction that carried them.
 */
export interface PendingTx {
  hash?: Hash;
  callsId?: string;
  /** What the transaction does, e.g. "approve" or "recharge". */
  label: string;
  chainId: number;
  submittedAt: number;
}

const PREFIX = "pendingTx:";

export function savePendingTx(key: string, tx: PendingTx): void {
  storage.set(PREFIX + key, JSON.stringify(tx));
}

export function loadPendingTx(key: string, chainId: number): PendingTx | null {
  const raw = storage.get(PREFIX + key);
  if (!raw) return null;
  try {
    const tx = JSON.parse(raw) as Partial<PendingTx>;
    const hashOk = typeof tx.hash === "string" && /^0x[0-9a-f]{64}$/i.test(tx.hash);
    const callsOk = tx.hash === undefined && typeof tx.callsId === "string" && tx.callsId.length > 0 && tx.callsId.length <= 200;
    if ((hashOk || callsOk) && tx.chainId === chainId && typeof tx.label === "string") {
      return tx as PendingTx;
    }
  } catch {
    // A damaged entry is forgotten below.
  }
  storage.remove(PREFIX + key);
  return null;
}

export function clearPendingTx(key: string): void {
  storage.remove(PREFIX + key);
}
