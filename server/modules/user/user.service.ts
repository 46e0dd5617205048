import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { maskEmail } from "../../../domain/email";
import { invitationCodeFromBytes } from "../../../domain/invitation-code";
import type { ApplicationState, UserInfo } from "../../../domain/api/user";
import type { Database, UserRow } from "../../db/schema";
import { findUserByAddress, insertUser } from "./user.repository";
import { type UserInfoExtras, findUserInfoExtras, hasInfoExtras } from "./user-info.repository";

const applicationState = (status: string | null | undefined): ApplicationState =>
  status === "pending" || status === "approved" || status === "rejected" ? status : "none";

/**
 * No query for a session's user (the session lookup brings the extras along: user/info runs on
 * every launch, see bench/), one for a row from elsewhere.
 */
export async function toUserInfo(db: Kysely<Database>, user: UserRow): Promise<UserInfo> {
  return userInfoOf(user, hasInfoExtras(user) ? user : await findUserInfoExtras(db, BigInt(user.id)));
}

/** A session's user already carries its extras: its info without a query, and without a promise. */
export function sessionUserInfo(user: UserRow): UserInfo | null {
  return hasInfoExtras(user) ? userInfoOf(user, user) : null;
}

function userInfoOf(user: UserRow, extras: UserInfoExtras): UserInfo {
  return {
    address: user.address,
    type: Number(user.type),
    amountCny: user.amount_cny.toString(),
    amountUsdt: user.amount_usdt.toString(),
    withdrawUsdt: user.withdraw_usdt.toString(),
    debtUsdt: user.debt_usdt.toString(),
    invitation: user.invitation_code,
    inviter: extras.inviter_code,
    nickname: user.nickname,
    email: user.email ? maskEmail(user.email) : null,
    identityStatus: applicationState(extras.identity_status),
    bankStatus: applicationState(extras.bank_status),
    fundPasswordSet: user.fund_password_hash != null,
    registered: user.registered_at != null,
    avatar: user.avatar,
  };
}

/** Finds the user of `address`, creating it on first sign-in with a fresh invitation code. */
export async function findOrCreateUser(db: Kysely<Database>, address: string, now: number): Promise<UserRow> {
  const existing = await findUserByAddress(db, address);
  if (existing) return existing;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await insertUser(db, {
        address: address.toLowerCase(),
        invitation_code: invitationCodeFromBytes(randomBytes(8)),
        inviter_id: null,
        type: 1,
        nickname: null,
        amount_cny: 0n,
        amount_usdt: 0n,
        withdraw_usdt: 0n,
        created_at: now,
      });
    } catch (err) {
      // A concurrent first sign-in of the same address, or an invitation code collision: look again.
      const raced = await findUserByAddress(db, address);
      if (raced) return raced;
      if (attempt === 4) throw err;
    }
  }
  throw new Error("unreachable");
}
