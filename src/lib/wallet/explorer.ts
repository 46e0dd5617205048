import { env } from "@/config/env";

/** The explorer page of a transaction, when VITE_EXPLORER_URL is set (never on the local chain). */
export function explorerTxLink(hash: string | undefined | null, base: string | undefined = env.explorerUrl): string | null {
  if (!hash || !base) return null;
  return `${base.replace(/\/+$/, "")}/tx/${hash}`;
}
