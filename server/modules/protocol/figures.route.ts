import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { protocolFiguresQuery, protocolFiguresReply } from "../../../domain/api/protocol-figures";
import { ok } from "../../lib/envelope";
import type { ProtocolFiguresSource } from "./figures.source";

/**
 * GET /base/api/protocol/figures (public): `{figures: {block: {number, timestamp}, dashboard,
 * stake, bonds, lottery} | null}`, the protocol's public figures read in one multicall at the
 * chain's head and kept for that block (ADR-0209). null when no protocol is deployed or the chain
 * does not answer: the pages then wait for their own reads, as before.
 */
export default async function protocolFiguresRoute(app: FastifyInstance, { source }: { source: ProtocolFiguresSource }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/protocol/figures",
      { schema: { querystring: protocolFiguresQuery, response: replies(protocolFiguresReply) } },
      async (request) => {
        const figures = await source.latest().catch((err: unknown) => {
          request.log.warn({ err }, "protocol figures: the chain did not answer");
          return null;
        });
        return ok({ figures });
      },
    );
}
