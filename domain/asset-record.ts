/**
 * Asset records as the client shows them. Stored states are lowercase; the API answers the
 * capitalised labels of the specification (Pending, Success, Failed). A withdrawal that is being
 * sent on chain ("sending") is still Pending to the user.
 */
export type StoredRecordStatus = "pending" | "sending" | "success" | "failed";
export type RecordStatusLabel = "Pending" | "Success" | "Failed";

export const RECORD_TYPES = ["recharge", "withdraw", "order", "income", "reward", "transfer"] as const;
export type AssetRecordType = (typeof RECORD_TYPES)[number];

export function recordStatusLabel(status: string): RecordStatusLabel {
  if (status === "success") return "Success";
  if (status === "failed") return "Failed";
  return "Pending";
}

/**
 * The explorer page of a transaction from a template such as "https://bscscan.com/tx/{hash}";
 * null when there is no hash or no explorer (the local chain).
 */
export function explorerTxUrl(template: string, txHash: string | null | undefined): string | null {
  if (!template || !txHash) return null;
  return template.includes("{hash}") ? template.replace("{hash}", txHash) : `${template.replace(/\/+$/, "")}/${txHash}`;
}
