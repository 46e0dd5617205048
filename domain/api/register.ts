import { z } from "zod";
import { isWellFormedInvitationCode, normaliseInvitationCode } from "../invitation";
import { codeField, emailField, fundPasswordField } from "./account-fields";
import { userInfo } from "./user";

/** POST user/register: binds inviter, email (with its `register` code) and fund password to the signed-in address. */
export const registerBody = z.strictObject({
  /** Optional: empty or absent registers without an inviter. */
  invitationCode: z
    .string()
    .max(16, "invitationCode must be at most 16 characters")
    .transform(normaliseInvitationCode)
    .refine((v) => v === "" || isWellFormedInvitationCode(v), "invitationCode must be 8 letters and digits")
    .optional(),
  email: emailField,
  code: codeField,
  fundPassword: fundPasswordField,
});
export type RegisterInput = z.input<typeof registerBody>;

/** The account, and how the inviter was chosen: the address's binding on chain wins over the form's code. */
export const registerReply = userInfo.extend({
  /** The inviter is the one the address is bound to on chain (a binding there is permanent). */
  inviterFromChain: z.boolean(),
  /** The form named an invitation code the chain's binding overrode. */
  codeOverridden: z.boolean(),
});
export type RegisterReply = z.infer<typeof registerReply>;
