import type { Kysely } from "kysely";
import type { Database } from "../schema";
import { accountsSeed } from "./accounts";
import { assetsSeed } from "./assets";
import { shopSeed } from "./shop";

/** What every area's demo seed gets: the demo users' ids by Hardhat account index (1..3). */
export interface SeedContext {
  userIds: Map<number, bigint>;
  now: number;
}

export type AreaSeed = (trx: Kysely<Database>, ctx: SeedContext) => Promise<void>;

/** Demo data of each area, run in order inside the one seeding transaction, after the users. */
export const areaSeeds: AreaSeed[] = [accountsSeed, shopSeed, assetsSeed];
