import type { Kysely } from "kysely";
import { ALLOY_MATERIALS, alloyMaterialName } from "../../../domain/alloy";
import type { AlloySummary } from "../../../domain/api/alloy";
import type { Database } from "../../db/schema";
import { alloyPool, userAlloyPieces } from "./alloy.repository";

export async function alloySummary(db: Kysely<Database>, userId: bigint): Promise<AlloySummary> {
  const [mine, pool] = await Promise.all([userAlloyPieces(db, userId), alloyPool(db)]);
  const userOf = new Map(mine.map((r) => [Number(r.material), Number(r.pieces)]));
  const poolOf = new Map(pool.map((r) => [Number(r.material), Number(r.remaining)]));
  const summary = { materials: [] } as unknown as AlloySummary;
  for (const m of ALLOY_MATERIALS) {
    const user = userOf.get(m) ?? 0;
    const remaining = poolOf.get(m) ?? 0;
    summary[`user${m}`] = user;
    summary[`alloy${m}`] = remaining;
    summary.materials.push({ material: m, name: alloyMaterialName(m), user, remaining });
  }
  return summary;
}
