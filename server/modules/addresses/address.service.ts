import type { Kysely } from "kysely";
import { MAX_ADDRESSES_PER_USER } from "../../../domain/account-limits";
import type { Database } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { regionChain, regionText } from "../cities/city-tree";
import { checkPhoneProof, recordPhoneProof } from "../codes/phone-proof.service";
import { lockUser } from "../../lib/lock-user";
import * as repo from "./address.repository";

export interface AddressInput {
  receiver: string;
  phone: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string;
  detail: string;
  isDefault?: boolean;
  phoneCode?: string;
}

export function toAddressView(row: repo.AddressRow) {
  return {
    id: Number(row.id),
    receiver: row.receiver,
    phone: row.phone,
    provinceCode: row.province_code,
    cityCode: row.city_code,
    districtCode: row.district_code,
    region: row.region_text,
    detail: row.detail,
    isDefault: Number(row.is_default) === 1,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

const notYours = () => notFound("address.notFound");

/** Checks the region codes against the city list and stores their names with the address. */
function fields(input: AddressInput): repo.AddressFields {
  const chain = regionChain(input.provinceCode, input.cityCode, input.districtCode);
  if (!chain) throw badRequest("address.badRegion");
  const { isDefault: _isDefault, phoneCode: _phoneCode, ...rest } = input;
  return { ...rest, regionText: regionText(chain) };
}

/*
 * Every change runs under the user's lock, so "exactly one default when there is any address"
 * holds under concurrency too (the partial unique index addresses_one_default backs it up).
 */

const bookFull = () => conflict("address.tooMany", { max: MAX_ADDRESSES_PER_USER });

/** A full address book is refused before the phone's code is looked at (a doomed request costs no attempt), and again under the lock. */
export async function addAddress(db: Kysely<Database>, userId: bigint, input: AddressInput, now = Date.now()) {
  const f = fields(input);
  if ((await repo.countAddresses(db, userId)) >= MAX_ADDRESSES_PER_USER) throw bookFull();
  const proof = await checkPhoneProof(db, userId, f.phone, input.phoneCode, now);
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const count = await repo.countAddresses(trx, userId);
    if (count >= MAX_ADDRESSES_PER_USER) throw bookFull();
    const makeDefault = count === 0 || input.isDefault === true;
    await recordPhoneProof(trx, proof, now);
    if (makeDefault) await repo.clearDefault(trx, userId);
    return toAddressView(await repo.insertAddress(trx, userId, f, makeDefault, now));
  });
}

/** `isDefault: false` on the default address keeps it default: choose another one as default instead. */
export async function changeAddress(db: Kysely<Database>, userId: bigint, id: bigint, input: AddressInput, now = Date.now()) {
  const f = fields(input);
  // Another user's id is refused as not found before any code is looked at.
  if (!(await repo.findOwnAddress(db, userId, id))) throw notYours();
  const proof = await checkPhoneProof(db, userId, f.phone, input.phoneCode, now);
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const row = await repo.findOwnAddress(trx, userId, id);
    if (!row) throw notYours();
    await recordPhoneProof(trx, proof, now);
    const wasDefault = Number(row.is_default) === 1;
    if (input.isDefault === true && !wasDefault) await repo.clearDefault(trx, userId);
    return toAddressView(await repo.updateAddress(trx, userId, id, f, wasDefault || input.isDefault === true, now));
  });
}

export async function removeAddress(db: Kysely<Database>, userId: bigint, id: bigint, now = Date.now()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const row = await repo.findOwnAddress(trx, userId, id);
    if (!row) throw notYours();
    await repo.deleteAddress(trx, userId, id);
    if (Number(row.is_default) === 1) await repo.promoteNewest(trx, userId, now);
  });
}
