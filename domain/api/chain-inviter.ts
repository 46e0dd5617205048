import { z } from "zod";

/**
 * GET user/chain/inviter: whether the address is in the DAO's invitation tree on chain, and
 * under whom. `chain` false: no chain is configured. An inviter that never signed in here has no
 * invitation code yet.
 */
export const chainInviter = z.object({
  chain: z.boolean(),
  bound: z.boolean(),
  inviter: z.object({ address: z.string(), invitationCode: z.string().nullable() }).nullable(),
});
export type ChainInviter = z.infer<typeof chainInviter>;
