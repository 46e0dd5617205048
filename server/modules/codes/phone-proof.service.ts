import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { checkCode, consumeCode } from "./code.service";
import { SMS_PURPOSE } from "./send-code.service";
import { insertVerifiedPhone, isVerifiedPhone } from "./verified-phone.repository";

/** What a checked phone needs in the caller's transaction: nothing, or its code used and the phone recorded. */
export type PhoneProof = { userId: bigint; phone: string; codeId: bigint | null };

/**
 * A phone a user enters must reach someone (the courier calls it): it is proved once per user
 * with the SMS code of `home/sending/{phone}`. A phone the user proved before needs no code (a
 * code sent anyway is left unused). Otherwise the code is checked here, counting the attempt
 * outside the caller's transaction (codes allow 5 tries), and `recordPhoneProof` uses it up
 * inside that transaction, so a failed unit of work costs the code nothing but the attempt.
 */
export async function checkPhoneProof(
  db: Kysely<Database>,
  userId: bigint,
  phone: string,
  code: string | undefined,
  now: number,
): Promise<PhoneProof> {
  if (await isVerifiedPhone(db, userId, phone)) return { userId, phone, codeId: null };
  if (code === undefined) throw badRequest("address.phoneCodeNeeded");
  const codeId = await checkCode(db, { channel: "sms", target: phone, purpose: SMS_PURPOSE }, code, now);
  return { userId, phone, codeId };
}

/** In the caller's transaction: uses the checked code once and keeps the phone as proved. */
export async function recordPhoneProof(trx: Kysely<Database>, proof: PhoneProof, now: number): Promise<void> {
  if (proof.codeId === null) return;
  await consumeCode(trx, proof.codeId, now);
  await insertVerifiedPhone(trx, proof.userId, proof.phone, now);
}
