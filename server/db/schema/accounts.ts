import type { ColumnType } from "kysely";
import type { Id, Int64, NullableInt64, SmallInt } from "./column-types";
import type { UploadPurpose } from "../../../domain/upload-purpose";

/* Users, sessions, sign-in, verification codes, applications, addresses, uploads and limits. */

export interface UsersTable {
  id: Id;
  address: string;
  invitation_code: string;
  inviter_id: NullableInt64;
  type: SmallInt;
  nickname: string | null;
  amount_cny: Int64;
  amount_usdt: Int64;
  withdraw_usdt: Int64;
  /** micro-USDT a reversed recharge could not take back (issue 12); never negative, blocks spending while above 0. */
  debt_usdt: ColumnType<bigint, bigint | number | undefined, bigint | number>;
  created_at: Int64;
  email: string | null;
  fund_password_hash: string | null;
  avatar: string | null;
  registered_at: NullableInt64;
}

export interface SessionsTable {
  token_hash: string;
  user_id: Int64;
  device_id: string;
  created_at: Int64;
  expires_at: Int64;
}

export interface LoginNoncesTable {
  nonce: string;
  /** 0 for nonces issued before migration 0007. */
  issued_at: Int64;
  expires_at: Int64;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export type ApplicationStatus = "pending" | "approved" | "rejected";

export interface VerificationCodesTable {
  id: Id;
  channel: "email" | "sms";
  target: string;
  purpose: string;
  code_hash: string;
  attempts: SmallInt;
  used_at: NullableInt64;
  expires_at: Int64;
  created_at: Int64;
  /** Client IP that asked for the code (per-IP daily cap). */
  ip: string | null;
}

export interface IdentityApplicationsTable {
  id: Id;
  user_id: Int64;
  real_name: string;
  id_number: string;
  front_image: string;
  back_image: string;
  status: ApplicationStatus;
  reason: string | null;
  created_at: Int64;
  reviewed_at: NullableInt64;
}

export interface BankApplicationsTable {
  id: Id;
  user_id: Int64;
  bank_name: string;
  branch: string;
  holder: string;
  card_number: string;
  status: ApplicationStatus;
  reason: string | null;
  created_at: Int64;
  reviewed_at: NullableInt64;
}

export interface AddressesTable {
  id: Id;
  user_id: Int64;
  receiver: string;
  phone: string;
  province_code: string;
  city_code: string;
  district_code: string;
  region_text: string;
  detail: string;
  is_default: SmallInt;
  created_at: Int64;
  updated_at: Int64;
}

export interface UploadsTable {
  id: Id;
  user_id: Int64;
  file_name: string;
  mime: string;
  size: SmallInt;
  /** Who may see it (migration 0007): identity and bank images only the owner and an operator. */
  purpose: UploadPurpose;
  created_at: Int64;
}

export interface VerifiedPhonesTable {
  user_id: Int64;
  phone: string;
  verified_at: Int64;
}

/**
 * A window of one limit for one key (`<limit>:<user id>`), written by rate-limiter-flexible's
 * stores (server/lib/db-rate-limiter.ts); the app itself only deletes ended windows.
 */
export interface RateLimitsTable {
  key: string;
  points: SmallInt;
  /** When the window ends, ms; null: never. */
  expire: NullableInt64;
}
