import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { invitationCodeFromBytes } from "../../../domain/invitation-code";
import type { Database, UserRow } from "../../db/schema";
import { findInvitationCodeById, findUserByAddress, insertUser } from "./user.repository";

/** User info as the client stores it (specification §3) plus the address and inviter. */
export interface UserInfo {
  address: string;
  type: number;
  /** Minor units as decimal strings: CNY fen, micro-USDT. */
  amountCny: string;
  amountUsdt: string;
  withdrawUsdt: string;
  invitation: string;
  inviter: string | null;
  nickname: string | null;
}

export async function toUserInfo(db: Kysely<Database>, user: UserRow): Promise<UserInfo> {
  const inviter = user.inviter_id == null ? null : await findInvitationCodeById(db, user.inviter_id);
  return {
    address: user.address,
    type: Number(user.type),
    amountCny: user.amount_cny.toString(),
    amountUsdt: user.amount_usdt.toString(),
    withdrawUsdt: user.withdraw_usdt.toString(),
    invitation: user.invitation_code,
    inviter,
    nickname: user.nickname,
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
