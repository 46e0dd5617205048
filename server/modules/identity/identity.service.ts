import type { Kysely } from "kysely";
import { maskIdNumber } from "../../../domain/id-number";
import type { Database, UserRow } from "../../db/schema";
import { badRequest, conflict } from "../../lib/errors";
import { latestApplication } from "../applications/application.repository";
import { decideApplication, decisionView } from "../applications/application.service";
import type { Audit } from "../operators/audit";
import { assertOwnUpload } from "../uploads/upload-location";
import { lockUser } from "../../lib/lock-user";
import { isUniqueViolation } from "../../lib/unique-violation";
import { idNumberHeldByOther, insertIdentity, type IdentityRow } from "./identity.repository";

export interface IdentityInput {
  realName: string;
  idNumber: string;
  frontImage: string;
  backImage: string;
}

/** What the user sees of their application: the ID number masked, the two images' locations. */
export function toIdentityView(row: IdentityRow) {
  return {
    id: Number(row.id),
    realName: row.real_name,
    idNumber: maskIdNumber(row.id_number),
    frontImage: row.front_image,
    backImage: row.back_image,
    ...decisionView(row),
  };
}

/** What the operator sees: everything, to compare with the images. */
export function toAdminIdentityView(row: IdentityRow & { address: string }) {
  return { ...toIdentityView(row), idNumber: row.id_number, userId: Number(row.user_id), address: row.address };
}

const pendingExists = () => conflict("identity.pending");

export async function applyForIdentity(db: Kysely<Database>, user: UserRow, input: IdentityInput, now = Date.now()) {
  const userId = BigInt(user.id);
  if (input.frontImage === input.backImage) throw badRequest("identity.sameImages");
  await assertOwnUpload(db, userId, input.frontImage, "frontImage", "identity");
  await assertOwnUpload(db, userId, input.backImage, "backImage", "identity");
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const latest = await latestApplication(trx, "identity_applications", userId);
    if (latest?.status === "pending") throw pendingExists();
    if (latest?.status === "approved") throw conflict("identity.alreadyVerified");
    if (await idNumberHeldByOther(trx, userId, input.idNumber, ["pending", "approved"])) throw conflict("identity.idNumberTaken");
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
  audit: Audit,
  now = Date.now(),
) {
  const row = await decideApplication(db, "identity_applications", id, outcome, now, audit, {
    // Two accounts may have applied with one ID number at the same moment: only one is approved.
    beforeApproval: async (trx, current) => {
      if (await idNumberHeldByOther(trx, BigInt(current.user_id), current.id_number, ["approved"]))
        throw conflict("identity.idNumberVerifiedElsewhere");
    },
  });
  return toIdentityView(row);
}
