import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { appendEventInTrx, EVERYONE } from "../events/append-event";

/**
 * Tells every open page that `round` of the lottery at `game` was drawn. The keeper reports a
 * draw when it makes it and again when it next finds the round drawn (so a crash in between
 * loses nothing); the key written with the event keeps it one event. The game's address is in
 * the key: a fresh local chain counts its rounds from 1 again.
 */
export function recordDrawInTrx(trx: Kysely<Database>, game: string, round: bigint, now: number): Promise<boolean> {
  const data = { round: round.toString(), status: "drawn" } as const;
  return appendEventInTrx(trx, EVERYONE, "lottery", data, { now, dedupeKey: `lottery:${game.toLowerCase()}:${round}` });
}
