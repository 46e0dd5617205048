import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { getAddress } from "viem";
import { replies } from "../../../domain/api/envelope";
import { myFiguresQuery, myFiguresReply } from "../../../domain/api/protocol-my-figures";
import { ok } from "../../lib/envelope";
import { authenticate } from "../auth/authenticate.plugin";
import type { ProtocolFiguresSource } from "./figures.source";

/**
 * GET /base/api/protocol/figures/mine (signed in): `{figures: {block, address, pexBalance,
 * spexBalance} | null}`, the session account's own figures at the block of the public ones
 * (ADR-0212). Whose they are is the session's: the call takes no address. Private: never stored by
 * a cache. null when no protocol is deployed or the chain does not answer.
 */
export default async function myFiguresRoute(app: FastifyInstance, { source }: { source: ProtocolFiguresSource }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/protocol/figures/mine",
      { onRequest: authenticate, schema: { querystring: myFiguresQuery, response: replies(myFiguresReply) } },
      async (request, reply) => {
        void reply.header("cache-control", "private, no-store");
        const figures = await source.mine(getAddress(request.user.address)).catch((err: unknown) => {
          request.log.warn({ err }, "protocol figures: the chain did not answer an account's figures");
          return null;
        });
        return ok({ figures });
      },
    );
}
