import type { Kysely } from "kysely";
import type { Database, UserRow } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import { checkCode, consumeCode } from "../codes/code.service";
import { hashFundPassword } from "../register/fund-password";
import type { FundPasswordGuard } from "../register/fund-password-guard";
import { assertOwnUpload } from "../uploads/upload-location";
import { findUserIdByEmail } from "../user/email.repository";

export interface ProfileEdit {
  nickname?: string | null;
  avatar?: string | null;
  oldPassword?: string;
  newPassword?: string;
}

/** Nickname, avatar and fund password (with the old one) in one call; answers the updated row. */
export async function editProfile(
  db: Kysely<Database>,
  guard: FundPasswordGuard,
  user: UserRow,
  edit: ProfileEdit,
): Promise<UserRow> {
  const userId = BigInt(user.id);
  const changes: { nickname?: string | null; avatar?: string | null; fund_password_hash?: string } = {};
  if (edit.nickname !== undefined) changes.nickname = edit.nickname;
  if (edit.avatar !== undefined) {
    if (edit.avatar !== null) await assertOwnUpload(db, userId, edit.avatar, "avatar", "avatar");
    changes.avatar = edit.avatar;
  }
  if (edit.newPassword !== undefined) {
    if (user.fund_password_hash == null) throw conflict("profile.noFundPassword");
    await guard.check(user, edit.oldPassword!, "fundPassword.wrongOld");
    changes.fund_password_hash = await hashFundPassword(edit.newPassword);
  }
  const updated = await db.updateTable("users").set(changes).where("id", "=", userId).returningAll().executeTakeFirstOrThrow();
  if (changes.fund_password_hash) await guard.forget(userId);
  return updated;
}

/** Sets a new fund password for the account of `email`, with a `forget` code sent to it. */
export async function resetFundPassword(
  db: Kysely<Database>,
  guard: FundPasswordGuard,
  input: { email: string; code: string; fundPassword: string },
  now = Date.now(),
): Promise<void> {
  const userId = await findUserIdByEmail(db, input.email);
  if (userId === null) throw notFound("account.noSuchEmail");
  const codeId = await checkCode(db, { channel: "email", target: input.email, purpose: "forget" }, input.code, now);
  const hash = await hashFundPassword(input.fundPassword);
  await db.transaction().execute(async (trx) => {
    await consumeCode(trx, codeId, now);
    await trx.updateTable("users").set({ fund_password_hash: hash }).where("id", "=", userId).execute();
  });
  await guard.forget(userId);
}
