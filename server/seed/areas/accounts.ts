import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { loadConfig } from "../../config";
import { enqueueBinding } from "../../modules/invites/chain-invites.repository";
import { hashFundPassword } from "../../modules/register/fund-password";
import { regionChain, regionText } from "../../modules/cities/city-tree";
import { uploadLocation } from "../../modules/uploads/upload-location";
import { uploadsDir } from "../../modules/uploads/upload.service";
import type { Database } from "../../db/schema";
import { demoCardPng } from "./demo-image";
import type { AreaSeed } from "../area-seed";

/** Every demo user's fund password (printed with the demo accounts in the README). */
export const DEMO_FUND_PASSWORD = "123456";

const DAY = 24 * 3600 * 1000;

/**
 * Each demo user's own two ID card sides (private images are served to their owner only, so a
 * user's application shows only images that user uploaded). Fixed names, so seeding twice (or
 * in tests) rewrites the same files instead of piling up.
 */
const imageNames = (n: number) => {
  const tag = n.toString(16).padStart(2, "0");
  return { front: `00000000000000000000000000de0f${tag}.png`, back: `00000000000000000000000000de0b${tag}.png` };
};

/** Writes the ID card images of users 1..count; answers their two sizes, or null when the folder is not writable. */
function writeDemoImages(count: number): { front: number; back: number } | null {
  try {
    const dir = uploadsDir(loadConfig().dataDir);
    fs.mkdirSync(dir, { recursive: true });
    const front = demoCardPng(240, 150, [214, 228, 240]);
    const back = demoCardPng(240, 150, [240, 228, 214]);
    for (let n = 1; n <= count; n++) {
      fs.writeFileSync(path.join(dir, imageNames(n).front), front);
      fs.writeFileSync(path.join(dir, imageNames(n).back), back);
    }
    return { front: front.length, back: back.length };
  } catch {
    return null; // images are decoration: the rest of the demo data still loads
  }
}

async function addAddress(
  trx: Kysely<Database>,
  userId: bigint,
  a: { receiver: string; phone: string; codes: [string, string, string]; detail: string; isDefault: boolean; at: number },
) {
  const chain = regionChain(...a.codes)!;
  await trx
    .insertInto("addresses")
    .values({
      user_id: userId,
      receiver: a.receiver,
      phone: a.phone,
      province_code: a.codes[0],
      city_code: a.codes[1],
      district_code: a.codes[2],
      region_text: regionText(chain),
      detail: a.detail,
      is_default: a.isDefault ? 1 : 0,
      created_at: a.at,
      updated_at: a.at,
    })
    .execute();
  // The demo phones count as proved by SMS (ADR-0150, "Phone codes on delivery addresses").
  await trx
    .insertInto("verified_phones")
    .values({ user_id: userId, phone: a.phone, verified_at: a.at })
    .onConflict((oc) => oc.columns(["user_id", "phone"]).doNothing())
    .execute();
}

/**
 * Demo accounts: all three registered (emails alice/bob/carol@example.com, fund password 123456);
 * Alice verified with an approved bank card and two addresses, Bob's identity pending, Carol's
 * rejected with a reason (so she can show the re-apply path).
 */
export const accountsSeed: AreaSeed = async (trx, { userIds, now }) => {
  const alice = userIds.get(1)!;
  const bob = userIds.get(2)!;
  const carol = userIds.get(3)!;
  const hash = await hashFundPassword(DEMO_FUND_PASSWORD);
  const emails: [bigint, string][] = [
    [alice, "alice@example.com"],
    [bob, "bob@example.com"],
    [carol, "carol@example.com"],
  ];
  for (const [id, email] of emails) {
    await trx
      .updateTable("users")
      .set({ email, fund_password_hash: hash, registered_at: now - 30 * DAY })
      .where("id", "=", id)
      .execute();
    // The deploy binds them on the local chain already: the binder finds them bound.
    await enqueueBinding(trx, id, now - 30 * DAY);
  }

  const applicants: [bigint, number][] = [
    [alice, 1],
    [bob, 2],
    [carol, 3],
  ];
  const sizes = writeDemoImages(applicants.length);
  if (sizes) {
    for (const [userId, n] of applicants) {
      const names = imageNames(n);
      await trx
        .insertInto("uploads")
        .values([
          { user_id: userId, file_name: names.front, mime: "image/png", size: sizes.front, purpose: "identity", created_at: now },
          { user_id: userId, file_name: names.back, mime: "image/png", size: sizes.back, purpose: "identity", created_at: now },
        ])
        .execute();
    }
  }

  const identity = (
    userId: bigint,
    n: number,
    realName: string,
    idNumber: string,
    status: "pending" | "approved" | "rejected",
    reason: string | null,
    at: number,
  ) =>
    trx
      .insertInto("identity_applications")
      .values({
        user_id: userId,
        real_name: realName,
        id_number: idNumber,
        front_image: uploadLocation(imageNames(n).front),
        back_image: uploadLocation(imageNames(n).back),
        status,
        reason,
        created_at: at,
        reviewed_at: status === "pending" ? null : at + DAY,
      })
      .execute();
  await identity(alice, 1, "王小明", "110105199003071239", "approved", null, now - 20 * DAY);
  await identity(bob, 2, "李四", "440106198805123457", "pending", null, now - 2 * DAY);
  await identity(carol, 3, "陈静", "310115199508234566", "rejected", "证件照片不清晰，请重新上传", now - 5 * DAY);

  await trx
    .insertInto("bank_applications")
    .values({
      user_id: alice,
      bank_name: "中国工商银行",
      branch: "北京朝阳支行",
      holder: "王小明",
      card_number: "6222020200112233446",
      status: "approved",
      reason: null,
      created_at: now - 18 * DAY,
      reviewed_at: now - 17 * DAY,
    })
    .execute();

  await addAddress(trx, alice, {
    receiver: "王小明",
    phone: "13812345678",
    codes: ["11", "1101", "110105"],
    detail: "建国路 88 号 SOHO 现代城 A 座 1201",
    isDefault: true,
    at: now - 10 * DAY,
  });
  await addAddress(trx, alice, {
    receiver: "王小明",
    phone: "13812345678",
    codes: ["31", "3101", "310115"],
    detail: "世纪大道 100 号 15 楼",
    isDefault: false,
    at: now - 9 * DAY,
  });
  await addAddress(trx, bob, {
    receiver: "李四",
    phone: "13987654321",
    codes: ["44", "4401", "440106"],
    detail: "天河路 385 号 3 栋 502",
    isDefault: true,
    at: now - 3 * DAY,
  });
};
