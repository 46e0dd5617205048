import { z } from "zod";
import { amountString } from "./envelope";
import { protocolFigures } from "./protocol-figures";

/*
 * GET protocol/figures/mine (signed in): the signed-in account's own protocol figures, read by the
 * server for the session's address (never an address the caller names) at the block of the public
 * figures (ADR-0212). Like those, they paint; a transaction is never built from them.
 */

/** GET protocol/figures/mine takes no query: whose figures is the session's to say. */
export const myFiguresQuery = z.strictObject({});

/** The session account's balances in base units (18 decimals): PEX and sPEX. */
export const myFigures = z.object({
  block: protocolFigures.shape.block,
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  pexBalance: amountString,
  spexBalance: amountString,
});
export type MyFigures = z.infer<typeof myFigures>;

/** null when no protocol is deployed or the chain does not answer (the page then reads it itself). */
export const myFiguresReply = z.object({ figures: myFigures.nullable() });
export type MyFiguresReply = z.infer<typeof myFiguresReply>;
