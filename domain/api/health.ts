import { z } from "zod";
import { okEnvelope, refusalEnvelope, replies } from "./envelope";

/* Probes for orchestrators and load balancers: `health` (alive) and `ready` (can serve). */

/** GET health: the process answers. */
export const healthReply = z.object({ status: z.literal("ok") });
export const healthReplies = replies(healthReply);

/** What GET ready found: each check, and the background jobs this process holds now. */
export const readinessReport = z.object({
  checks: z.object({
    /** `select 1` answered. */
    database: z.enum(["ok", "failed"]),
    /** Every migration of this build has run ("pending" while one has not). */
    migrations: z.enum(["ok", "pending", "failed"]),
    /** The node answered its block number; "off" when no chain is configured (no deployments file). */
    chain: z.enum(["ok", "failed", "off"]),
  }),
  jobs: z.array(z.string()),
});
export type ReadinessReport = z.infer<typeof readinessReport>;

/** GET ready: 200 with the report when every check passes, else 503 `api.notReady` carrying it as `data`. */
export const readinessReplies = {
  200: okEnvelope(readinessReport),
  503: refusalEnvelope.extend({ data: readinessReport }),
};
