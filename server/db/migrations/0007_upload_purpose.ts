import { sql, type Kysely } from "kysely";

/**
 * What each upload is for, which decides who may see it (`domain/upload-purpose.ts`). Rows from
 * before carry no purpose: they become `identity` (private: owner and operators only), except an
 * image that is its owner's avatar and no identity application's side, which stays public as
 * `avatar`. An image used both ways stays private: hiding an avatar costs less than showing an ID.
 * The location is `/base/api/uploads/` + the file name (`upload-location.ts`); `||` concatenates
 * on SQLite and PostgreSQL alike.
 */
export function m0007UploadPurpose() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("uploads")
        .addColumn("purpose", "varchar(16)", (c) => c.notNull().defaultTo("identity"))
        .execute();
      await sql`
        update uploads set purpose = 'avatar'
        where exists (
          select 1 from users
          where users.id = uploads.user_id and users.avatar = '/base/api/uploads/' || uploads.file_name
        )
        and not exists (
          select 1 from identity_applications a
          where a.front_image = '/base/api/uploads/' || uploads.file_name
             or a.back_image = '/base/api/uploads/' || uploads.file_name
        )`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("uploads").dropColumn("purpose").execute();
    },
  };
}
