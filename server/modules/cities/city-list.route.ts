import type { FastifyInstance } from "fastify";
import { cityTreeReply } from "../../../domain/api/cities";
import { replies } from "../../../domain/api/envelope";
import { cityTree } from "./city-tree";

/**
 * GET /base/api/home/city/list (public): the province → city → district tree,
 * `[{code, name, children: [{code, name, children: [{code, name}]}]}]`. Static data, so the
 * reply is serialised once and may be cached by the client for a day.
 */
export default async function cityListRoute(app: FastifyInstance) {
  // The reply is a string serialised once, so the schema describes it (and documents it) without running.
  app.get("/home/city/list", { schema: { response: replies(cityTreeReply) } }, async (_request, reply) => {
    const { replyJson } = cityTree();
    return reply.header("cache-control", "public, max-age=86400").type("application/json; charset=utf-8").send(replyJson);
  });
}
