import { z } from "zod";
import { ADDRESS_DETAIL_MAX, RECEIVER_MAX } from "../../../domain/account-limits";
import { plainTextProblem } from "../../../domain/plain-text";
import { codeField, phoneField } from "../../../domain/api/account-fields";

const text = (field: string, max: number) =>
  z
    .string()
    .max(max * 2, `${field} must be at most ${max} characters`)
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      const problem = plainTextProblem(v, field, max);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

const regionCode = (field: string) => z.string().regex(/^\d{2,12}$/, `${field} must be a region code from home/city/list`);

export const addressFields = {
  receiver: text("receiver", RECEIVER_MAX),
  phone: phoneField,
  /** The SMS code of `home/sending/{phone}`; needed only for a phone the user has not proved yet. */
  phoneCode: codeField.optional(),
  provinceCode: regionCode("provinceCode"),
  cityCode: regionCode("cityCode"),
  districtCode: regionCode("districtCode"),
  detail: text("detail", ADDRESS_DETAIL_MAX),
  isDefault: z.boolean("isDefault must be true or false").optional(),
};

/** An address id in a body: a positive whole number (or its digits as a string). */
const ID_MSG = "id must be a positive whole number";
export const addressIdField = z
  .union(
    [
      z.number(ID_MSG).int(ID_MSG).positive(ID_MSG).max(Number.MAX_SAFE_INTEGER, ID_MSG),
      z.string(ID_MSG).regex(/^[1-9]\d{0,15}$/, ID_MSG),
    ],
    { error: ID_MSG },
  )
  .transform((v) => BigInt(v));
