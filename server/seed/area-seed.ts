import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** What every area's demo seed gets: the demo users' ids by Hardhat account index (1..3). */
export interface SeedContext {
  userIds: Map<number, bigint>;
  now: number;
}

export type AreaSeed = (trx: Kysely<Database>, ctx: SeedContext) => Promise<void>;
