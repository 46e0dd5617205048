import type { AssetRecord } from "../../../domain/api/assets";
import { explorerTxUrl, recordStatusLabel, type RecordStatusLabel } from "../../../domain/asset-record";
import type { RecordStatus } from "../../db/schema";
import type { AssetRecordRow } from "./records.repository";

/**
 * `requiredConfirmations`: the chain watcher's setting, so "x of N" shows what a recharge's credit
 * waits for (callers listing only other types may leave it out).
 */
export function toRecordView(row: AssetRecordRow, explorerTemplate: string, requiredConfirmations?: number): AssetRecord {
  return {
    id: Number(row.id),
    type: row.type,
    currency: row.currency,
    amount: BigInt(row.amount).toString(),
    status: recordStatusLabel(row.status),
    time: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    txHash: row.tx_hash,
    explorerUrl: explorerTxUrl(explorerTemplate, row.tx_hash),
    address: row.address,
    ref: row.ref,
    note: row.note,
    confirmations:
      row.status === "pending" && row.confirmations != null && requiredConfirmations !== undefined
        ? { count: Math.min(Number(row.confirmations), requiredConfirmations), required: requiredConfirmations }
        : null,
  };
}

/** The stored states behind each label: "sending" is Pending to the user. */
export const STATUSES_OF_LABEL = {
  Pending: ["pending", "sending"],
  Success: ["success"],
  Failed: ["failed"],
  Reversed: ["reversed"],
} as const satisfies Record<RecordStatusLabel, readonly RecordStatus[]>;
