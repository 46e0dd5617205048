import { z } from "zod";
import { pageFields } from "./page";

/* The user's team: `user/team/info`, `user/teams` and `user/invite/records/{page}`. */

/** GET user/team/info; performance: the USDT principal of the team's orders, micro-USDT. */
export const teamInfo = z.object({ directCount: z.number().int(), teamSize: z.number().int(), teamPerformance: z.string() });
export type TeamInfo = z.infer<typeof teamInfo>;

/** POST user/teams. */
export const teamsBody = z.strictObject({
  ...pageFields,
  level: z.number("level must be a whole number").int().min(1).max(1000).optional(),
});

/** A team member: shortened address, level (1 = direct), performance (own orders' USDT principal, micro-USDT). */
export const teamMember = z.object({
  address: z.string(),
  nickname: z.string().nullable(),
  level: z.number().int(),
  registeredAt: z.number().int(),
  performance: z.string(),
});
export type TeamMember = z.infer<typeof teamMember>;

/** GET user/invite/records/{page}?limit=. */
export const inviteRecordsParams = z.strictObject({
  param: z.string().regex(/^[1-9]\d{0,5}$/, "the page in the path must be a whole number from 1"),
});
export const inviteRecordsQuery = z.strictObject({ limit: pageFields.limit });

/** Someone the user invited directly; `onChain`: the pair is bound in the DAO's tree. */
export const inviteRecord = z.object({
  address: z.string(),
  nickname: z.string().nullable(),
  registeredAt: z.number().int(),
  onChain: z.boolean(),
});
export type InviteRecord = z.infer<typeof inviteRecord>;
