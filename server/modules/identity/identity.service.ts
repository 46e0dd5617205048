import type { Kysely } from "kysely";
import { maskIdNumber } from "../../../domain/id-number";
import type { Database, UserRow } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { assertOwnUpload } from "../uploads/upload-location";
import { lockUser } from "../user/lock-user";
import { isUniqueViolation } from "../user/unique-violation";
import {
  idNumberApprovedForOther,
  idNumberTakenByOther,
  insertIdentity,
  latestIdentity,
  reviewIdentity,
  type IdentityRow,
} from "./identity.repository";

export interface IdentityInput {
  realName: string;
  idNumber: string;
  frontImage: string;
  backImage: string;
}

/** What the user sees of their application: the ID number masked. */
export function toIdentityView(row: IdentityRow) {
  return {
    id: Number(row.id),
    realName: row.real_name,
    idNumber: maskIdNumber(row.id_number),
    frontImage: row.front_image,
    backImage: row.back_image,
    status: row.status,
    reason: row.reason,
    createdAt: Number(row.created_at),
    reviewedAt: row.reviewed_at == null ? null : Number(row.reviewed_at),
  };
}

/** What the operator sees: everything, to compare with the images. */
export function toAdminIdentityView(row: IdentityRow & { address: string }) {
  return { ...toIdentityView(row), idNumber: row.id_number, userId: Number(row.user_id), address: row.address };
}

const pendingExists = () => conflict("Your identity application is being reviewed");

export async function applyForIdentity(db: Kysely<Database>, user: UserRow, input: IdentityInput, now = Date.now()) {
  const userId = BigInt(user.id);
  if (input.frontImage === input.backImage) throw badRequest("frontImage and backImage must be two different images");
  await assertOwnUpload(db, userId, input.frontImage, "frontImage");
  await assertOwnUpload(db, userId, input.backImage, "backImage");
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const latest = await latestIdentity(trx, userId);
    if (latest?.status === "pending") throw pendingExists();
    if (latest?.status === "approved") throw conflict("Your identity is already verified");
    if (await idNumberTakenByOther(trx, userId, input.idNumber))
      throw conflict("This ID number is already used by another account");
    try {
      return toIdentityView(await insertIdentity(trx, { userId, ...input, now }));
    } catch (err) {
      if (isUniqueViolation(err)) throw pendingExists();
      throw err;
    }
  });
}

export async function reviewIdentityApplication(
  db: Kysely<Database>,
  id: bigint,
  outcome: { status: "approved" | "rejected"; reason: string | null },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const latest = await trx
      .selectFrom("identity_applications")
      .select(["status", "user_id", "id_number"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!latest) throw notFound("Identity application not found");
    if (latest.status !== "pending") throw conflict(`This application is already ${latest.status}`);
    // Two accounts may have applied with one ID number at the same moment: only one is approved.
    if (outcome.status === "approved" && (await idNumberApprovedForOther(trx, BigInt(latest.user_id), latest.id_number))) {
      throw conflict("Another account is already verified with this ID number: reject this application");
    }
    const row = await reviewIdentity(trx, id, { ...outcome, now });
    if (!row) throw conflict("This application was reviewed meanwhile");
    return toIdentityView(row);
  });
}
