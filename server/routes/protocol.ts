import type { FastifyInstance } from "fastify";
import lotteryNicknamesRoute from "../modules/lottery/nicknames.route";
import protocolSnapshotsRoute from "../modules/protocol/snapshots.route";

/** The protocol area's few server calls (its state lives on chain). */
export default async function protocolRoutes(api: FastifyInstance) {
  await api.register(lotteryNicknamesRoute);
  await api.register(protocolSnapshotsRoute);
}
