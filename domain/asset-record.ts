/**
 * Asset records as the client shows them. Stored states are lowercase; the API answers the
 * capitalised labels of the specification (Pending, Success, Failed). A withdrawal that is being
 * sent on chain ("sending") is still Pending to the user. "Reversed" (ours, not the
 * specification's) is a credited recharge whose block a chain reorganisation orphaned.
 */
export type StoredRecordStatus = "pending" | "sending" | "success" | "failed" | "reversed";
export type RecordStatusLabel = "Pending" | "Success" | "Failed" | "Reversed";
export const RECORD_STATUS_LABELS = ["Pending", "Success", "Failed", "Reversed"] as const satisfies readonly RecordStatusLabel[];

export const RECORD_TYPES = ["recharge", "withdraw", "order", "income", "reward", "transfer"] as const;
export type AssetRecordType = (typeof RECORD_TYPES)[number];

export function recordStatusLabel(status: string): RecordStatusLabel {
  if (status === "success") return "Success";
  if (status === "failed") return "Failed";
  if (status === "reversed") return "Reversed";
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
