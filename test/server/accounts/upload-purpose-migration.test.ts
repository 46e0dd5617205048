import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/schema";
import { m0007UploadPurpose } from "../../../server/db/migrations/0007_upload_purpose";
import { accountsApp, newUser, type AccountsApp } from "./support";

/** Migration 0007 on rows written before it: private unless the image is only its owner's avatar. */
let t: AccountsApp;
let db: Kysely<Database>;
beforeEach(async () => {
  t = await accountsApp();
  db = t.db.kysely;
});
afterEach(async () => t.close());

const name = (n: number) => `${n.toString(16).padStart(32, "0")}.png`;
const location = (n: number) => `/base/api/uploads/${name(n)}`;

async function userId(): Promise<bigint> {
  const { address } = await newUser(t.app);
  return BigInt((await db.selectFrom("users").select("id").where("address", "=", address).executeTakeFirstOrThrow()).id);
}

/** An upload row as the tables held it before 0007 (no purpose column). */
const oldUpload = (owner: bigint, n: number) =>
  db
    .insertInto("uploads")
    .values({ user_id: owner, file_name: name(n), mime: "image/png", size: 10, created_at: 1 } as never)
    .execute();

const identityApplication = (owner: bigint, front: number, back: number, status: "approved" | "rejected") =>
  db
    .insertInto("identity_applications")
    .values({
      user_id: owner,
      real_name: "王小明",
      id_number: `11010519900307${String(front).padStart(4, "0")}`,
      front_image: location(front),
      back_image: location(back),
      status,
      created_at: 1,
    })
    .execute();

describe("migration 0007_upload_purpose", () => {
  it("makes old uploads private, except an image that is only its owner's avatar", async () => {
    const alice = await userId();
    const bob = await userId();
    const carol = await userId();
    const dave = await userId();
    await m0007UploadPurpose().down(db as Kysely<unknown>);

    for (let n = 1; n <= 5; n++) await oldUpload(alice, n);
    await oldUpload(bob, 6);
    await oldUpload(carol, 7);
    await identityApplication(alice, 2, 3, "rejected"); // 2, 3: Alice's ID card sides
    await identityApplication(carol, 7, 4, "approved"); // 7: Carol's ID card side (4: Alice's, as the old code allowed)
    const avatar = (user: bigint, n: number) =>
      db
        .updateTable("users")
        .set({ avatar: location(n) })
        .where("id", "=", user)
        .execute();
    await avatar(alice, 1); // 1: its owner's avatar and nothing else: the one public image
    await avatar(carol, 7); // 7: Carol's avatar and her ID card side: stays private
    await avatar(dave, 6); // 6: Bob's image as Dave's avatar: not its owner's avatar, private
    // 5: referenced nowhere (uploaded, the form never sent).

    await m0007UploadPurpose().up(db as Kysely<unknown>);
    const rows = await db.selectFrom("uploads").select(["file_name", "purpose"]).orderBy("file_name").execute();
    expect(rows.map((r) => r.purpose)).toEqual([
      "avatar",
      "identity",
      "identity",
      "identity",
      "identity",
      "identity",
      "identity",
    ]);

    // An upload written without a purpose by anything that still does is private too.
    await oldUpload(alice, 8);
    expect(
      (await db.selectFrom("uploads").select("purpose").where("file_name", "=", name(8)).executeTakeFirstOrThrow()).purpose,
    ).toBe("identity");
  });
});
