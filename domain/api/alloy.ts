import { z } from "zod";

/* GET user/alloy (specification §7): the signed-in user's alloy pieces and what the shop can still grant. */

const pieces = z.number().int();

export const alloyMaterialRow = z.object({
  material: z.number().int(),
  /** 合金原料1号 … 合金原料5号 */
  name: z.string(),
  /** The user's pieces. */
  user: pieces,
  /** What the shop can still grant. */
  remaining: pieces,
});
export type AlloyMaterialRow = z.infer<typeof alloyMaterialRow>;

/**
 * `user1..user5` (the user's pieces per material) and `alloy1..alloy5` (what the shop can still
 * grant), as specification §7 names them; `materials` the same as a list with names.
 */
export const alloySummaryReply = z.object({
  materials: z.array(alloyMaterialRow),
  user1: pieces,
  alloy1: pieces,
  user2: pieces,
  alloy2: pieces,
  user3: pieces,
  alloy3: pieces,
  user4: pieces,
  alloy4: pieces,
  user5: pieces,
  alloy5: pieces,
});
export type AlloySummary = z.infer<typeof alloySummaryReply>;
