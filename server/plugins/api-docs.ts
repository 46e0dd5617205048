import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/**
 * The OpenAPI 3 document of every route, built from the same zod schemas that validate requests
 * and write replies (so it cannot drift from them), with its UI at `<prefix>/docs` and the JSON at
 * `<prefix>/docs/json`. Opt-in (API_DOCS=1): off, both are unknown paths. It collects routes as
 * they are registered, so it must be registered before them.
 */
export async function registerApiDocs(fastify: FastifyInstance, prefix: string): Promise<void> {
  if (!fastify.config.apiDocs) return;
  await fastify.register(fastifySwagger, {
    openapi: {
      openapi: "3.0.3",
      info: { title: "PEX shop API", version: fastify.config.appVersion },
    },
    transform: jsonSchemaTransform,
  });
  await fastify.register(fastifySwaggerUi, { routePrefix: `${prefix}/docs` });
}
