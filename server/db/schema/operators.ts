import type { ColumnType } from "kysely";
import type { ApprovalKind } from "../../../domain/approval-kinds";
import type { OperatorRole } from "../../../domain/operator-roles";
import type { Id, Int64, NullableInt64 } from "./column-types";

/* Operators: their roles, the audit of what they did, and requests awaiting a second operator (migration 0009). */

export interface OperatorRolesTable {
  /** Lowercase 0x address of the wallet that holds the role. */
  address: string;
  role: OperatorRole;
  /** Who granted it: an operator's address. */
  granted_by: string;
  granted_at: Int64;
}

/** Append-only: the database refuses UPDATE and DELETE on it. */
export interface AdminAuditTable {
  id: Id;
  /** The operator's lowercase address, or `token` for the shared ADMIN_TOKEN. */
  operator: string;
  action: string;
  target: string | null;
  before_json: string | null;
  after_json: string | null;
  /** The client's address as our web server reports it (request.ip under TRUST_PROXY). */
  client_address: string | null;
  created_at: Int64;
}

export type ApprovalStatus = "pending" | "approved" | "rejected";
export type { ApprovalKind };

export interface OperatorApprovalsTable {
  id: Id;
  kind: ApprovalKind;
  /** What it acts on, e.g. `user:12`, `withdraw:40` (one open retry per withdrawal) or `operator:0x…`. */
  target: string;
  /** JSON of what the approval carries out. */
  payload: string;
  requested_by: string;
  requested_at: Int64;
  status: ColumnType<ApprovalStatus, ApprovalStatus | undefined, ApprovalStatus>;
  decided_by: string | null;
  decided_at: NullableInt64;
}
