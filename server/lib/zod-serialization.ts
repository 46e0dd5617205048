import fastJson from "fast-json-stringify";
import type { FastifyInstance, FastifySerializerCompiler, preSerializationHookHandler } from "fastify";
import { z } from "zod";
import { stringifyJson } from "./json";

/**
 * Serialises a route's reply through its zod response schema: the schema becomes JSON Schema
 * once, at start, and fast-json-stringify compiles a writer from it. Only the fields the schema
 * names are written (a column added to a row never leaks by accident), and nothing parses the
 * reply at run time, so it is no slower than JSON.stringify. Bigint amounts in a string field
 * are written as decimal strings.
 */
export const zodSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  const json = z.toJSONSchema(schema, { target: "draft-7", io: "output", unrepresentable: "any" });
  return fastJson(json as Parameters<typeof fastJson>[0]);
};

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
