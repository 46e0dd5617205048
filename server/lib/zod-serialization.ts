import fastJson from "fast-json-stringify";
import type { FastifyInstance, FastifyReply, FastifySerializerCompiler, preSerializationHookHandler } from "fastify";
import { z } from "zod";
import { stringifyJson } from "./json";

/**
 * Serialises a route's reply through its zod response schema: the schema becomes JSON Schema
 * once, at start, and fast-json-stringify compiles a writer from it. Only the fields the schema
 * names are written (a column added to a row never leaks by accident), and nothing parses the
 * reply at run time, so it is no slower than JSON.stringify. Bigint amounts in a string field
 * are written as decimal strings.
 */
export const zodSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => replyWriter(schema);

/**
 * The writer of one response schema, the very one a route declaring it gets: for a reply that
 * is written once and then sent many times (see `sendWritten`).
 */
export function replyWriter<T extends z.ZodType>(schema: T): (reply: z.output<T>) => string {
  const json = z.toJSONSchema(schema, { target: "draft-7", io: "output", unrepresentable: "any" });
  return fastJson(json as Parameters<typeof fastJson>[0]);
}

/** The content type Fastify gives a reply its serializer wrote. */
const JSON_TYPE = "application/json; charset=utf-8";

/**
 * Sends a reply already written by `replyWriter` as it is: the same bytes and headers as the
 * route's own serializer would give, without writing it again or encoding it to UTF-8 again.
 */
export function sendWritten(reply: FastifyReply, written: Buffer): FastifyReply {
  return reply.header("content-type", JSON_TYPE).send(written);
}

const writeWithoutSchema: preSerializationHookHandler = (_request, reply, payload, done) => {
  reply.serializer(stringifyJson);
  done(null, payload);
};

/**
 * Replies of the routes registered after this call go through their zod response schemas; a
 * reply no schema describes (a refusal, a route without one) writes bigint as decimal strings.
 * A global reply serializer would override the schemas' writers, so that one is set per reply.
 */
export function serializeRepliesBySchema(fastify: FastifyInstance): void {
  fastify.setSerializerCompiler(zodSerializerCompiler);
  fastify.addHook("onRoute", (route) => {
    if (route.schema?.response) return;
    const own = route.preSerialization ? [route.preSerialization].flat() : [];
    route.preSerialization = [...own, writeWithoutSchema];
  });
}
