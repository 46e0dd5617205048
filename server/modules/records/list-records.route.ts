import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { assetRecord, assetRecordsBody } from "../../../domain/api/assets";
import { replies } from "../../../domain/api/envelope";
import { pageOf } from "../../../domain/api/page";
import { ok } from "../../lib/envelope";
import { authenticate } from "../auth/authenticate.plugin";
import { listRecords } from "./records.repository";
import { STATUSES_OF_LABEL, toRecordView } from "./records.service";

/** POST /base/api/asset/records: `{page?, limit?, type?, currency?, status?}` → the user's records, newest first. */
export default async function listRecordsRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/asset/records",
      { schema: { body: assetRecordsBody, response: replies(pageOf(assetRecord)) }, onRequest: authenticate },
      async (request) => {
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
        return ok({
          list: rows.map((r) => toRecordView(r, app.config.explorerTxUrl, app.config.chainConfirmations)),
          total,
          page: input.page,
          limit: input.limit,
        });
      },
    );
}
