import { sql, type Kysely } from "kysely";

/**
 * Phone numbers a user proved with an SMS code (`home/sending/{phone}`, issue 13). A phone is
 * proved once per user: an address with a phone that is not on the list needs the code.
 * The phones of addresses saved before this migration count as proved, so editing an old
 * address without changing its phone asks for nothing new.
 */
export function m0007VerifiedPhones() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("verified_phones")
        .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id"))
        .addColumn("phone", "varchar(16)", (c) => c.notNull())
        .addColumn("verified_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("verified_phones_pk", ["user_id", "phone"])
        .execute();
      await sql`insert into verified_phones (user_id, phone, verified_at)
        select user_id, phone, min(created_at) from addresses group by user_id, phone`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("verified_phones").execute();
    },
  };
}
