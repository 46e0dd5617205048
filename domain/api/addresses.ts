import { z } from "zod";
import { ADDRESS_DETAIL_MAX, RECEIVER_MAX } from "../account-limits";
import { plainTextProblem } from "../plain-text";
import { codeField, phoneField } from "./account-fields";

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

/** POST user/add/addr. */
export const addAddressBody = z.strictObject(addressFields);
/** POST user/update/addr: the address's id and all its fields. */
export const updateAddressBody = z.strictObject({ id: addressIdField, ...addressFields });
export type AddressInput = z.input<typeof updateAddressBody>;

/** A delivery address as the API answers it. */
export const deliveryAddress = z.object({
  id: z.number().int(),
  receiver: z.string(),
  phone: z.string(),
  provinceCode: z.string(),
  cityCode: z.string(),
  districtCode: z.string(),
  /** "北京市 市辖区 东城区" */
  region: z.string(),
  detail: z.string(),
  isDefault: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddress>;
