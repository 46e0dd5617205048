import { z } from "zod";
import { NICKNAME_MAX, NICKNAME_PATTERN } from "../plain-text";
import { fundPasswordField } from "./account-fields";
import { uploadLocationField } from "./upload-location";

/** POST user/edit: nickname, avatar and fund password (with the old one), any of them; answers the account. */
export const editProfileBody = z
  .strictObject({
    /** null or "" clears it. */
    nickname: z
      .string()
      .max(NICKNAME_MAX * 2, `nickname must be at most ${NICKNAME_MAX} characters`)
      .transform((v) => v.trim())
      .refine(
        (v) => v === "" || NICKNAME_PATTERN.test(v),
        `nickname must be 1 to ${NICKNAME_MAX} letters, digits, spaces or _ - . ·`,
      )
      .transform((v) => v || null)
      .nullable()
      .optional(),
    /** An upload location of this user; null clears it. */
    avatar: uploadLocationField("avatar").nullable().optional(),
    oldPassword: z.string().max(64, "oldPassword must be at most 64 characters").optional(),
    newPassword: fundPasswordField.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, "Nothing to change: send nickname, avatar or oldPassword and newPassword")
  .refine(
    (b) => (b.oldPassword === undefined) === (b.newPassword === undefined),
    "Send oldPassword and newPassword together to change the fund password",
  );
export type EditProfileInput = z.input<typeof editProfileBody>;
