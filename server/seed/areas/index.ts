import type { AreaSeed } from "../area-seed";
import { accountsSeed } from "./accounts";
import { assetsSeed } from "./assets";
import { shopSeed } from "./shop";

/** Demo data of each area, run in order inside the one seeding transaction, after the users. */
export const areaSeeds: AreaSeed[] = [accountsSeed, shopSeed, assetsSeed];
