import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { RECORD_STATUS_LABELS, RECORD_TYPES } from "../../../domain/asset-record";
import { ok } from "../../lib/envelope";
import { pageFields, type Page } from "../../lib/page-params";
import { requireUser } from "../../plugins/authenticate";
import { listRecords } from "./records.repository";
import { STATUSES_OF_LABEL, toRecordView, type AssetRecordView } from "./records.service";

// The client may post no body at all for the first page: the validator reads that as `{}`.
const body = z.strictObject({
  ...pageFields,
  type: z.enum(RECORD_TYPES).optional(),
  currency: z.enum(["CNY", "USDT"]).optional(),
  status: z.enum(RECORD_STATUS_LABELS).optional(),
});

/** POST /base/api/asset/records: `{page?, limit?, type?, currency?, status?}` → the user's records, newest first. */
export default async function listRecordsRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post("/asset/records", { schema: { body }, onRequest: requireUser }, async (request) => {
      const input = request.body;
      const { rows, total } = await listRecords(
        app.db.kysely,
        {
          userId: BigInt(request.user.id),
          type: input.type,
          currency: input.currency,
          statuses: input.status ? [...STATUSES_OF_LABEL[input.status]] : undefined,
        },
        input.page,
        input.limit,
      );
      const page: Page<AssetRecordView> = {
        list: rows.map((r) => toRecordView(r, app.config.explorerTxUrl, app.config.chainConfirmations)),
        total,
        page: input.page,
        limit: input.limit,
      };
      return ok(page);
    });
}
