import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { refusal, type Refusal } from "../../domain/refusals";
import { fail } from "./envelope";
import { AppError } from "./errors";

/**
 * Fastify's own refusals of a request (its content-type parser and router), by error code. Any
 * other 4xx from Fastify or a plugin answers `api.requestRefused` with its status.
 */
const FASTIFY_REFUSALS: Record<string, Refusal> = {
  FST_ERR_CTP_BODY_TOO_LARGE: refusal("api.bodyTooLarge"),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: refusal("api.unsupportedContentType"),
  FST_ERR_CTP_INVALID_JSON_BODY: refusal("api.malformedBody"),
  FST_ERR_CTP_EMPTY_JSON_BODY: refusal("api.emptyBody"),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: refusal("api.incompleteBody"),
  FST_ERR_BAD_URL: refusal("api.badUrl"),
  FST_ERR_MAX_PARAM_LENGTH: refusal("api.badUrl"),
};

/**
 * The one error handler: every refusal answers the envelope with a key of
 * `domain/refusals.ts`. AppErrors answer their own (their detail in `msg` below 500);
 * Fastify's 4xx are mapped by code; anything else is a logged 500 with no detail.
 */
export function errorHandler(err: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    if (err.status >= 500) request.log.error({ err }, "refused with a server error");
    return reply.code(err.status).send(fail(err.status, err.refusal, err.status < 500 ? err.detail : undefined));
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const known = err.code ? FASTIFY_REFUSALS[err.code] : undefined;
    return reply.code(status).send(fail(status, known ?? refusal("api.requestRefused", { status })));
  }
  request.log.error({ err }, "unhandled error");
  return reply.code(500).send(fail(500, refusal("api.internal")));
}

/** Unknown calls: 404 naming the method and path (without the query). */
export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  // Bounded: the path is the client's, echoed back.
  const path = request.url.split("?")[0]!.slice(0, 200);
  reply.code(404).send(fail(404, refusal("api.noSuchCall", { method: request.method, path })));
}
