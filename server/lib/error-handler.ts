import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { refusal, type Refusal } from "../../domain/refusals";
import { fail, refusalTo } from "./envelope";
import { isDatabaseUnavailable } from "./database-unavailable";
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
 * Answers a refusal in the request's language and logs it in English: the line's message is the
 * English `msg`, with the status, key and params (an error when there is one). A server error at
 * error level; a refusal of the request at debug level (a line per refused call is noise at info).
 * ADR-0196.
 */
function refuse(request: FastifyRequest, reply: FastifyReply, status: number, r: Refusal, detail?: string, err?: Error) {
  const english = fail(status, r, detail);
  const line = { status, key: r.key, ...(r.params ? { params: r.params } : {}), ...(err ? { err } : {}) };
  if (status >= 500) request.log.error(line, english.msg);
  else request.log.debug(line, english.msg);
  return reply.code(status).send(refusalTo(request, reply, status, r, detail));
}

/**
 * The one error handler: every refusal answers the envelope with a key of
 * `domain/refusals.ts`. AppErrors answer their own (their detail in `msg` below 500);
 * Fastify's 4xx are mapped by code; a database that cannot be reached is a 503 (try again);
 * anything else is a logged 500 with no detail.
 */
export function errorHandler(err: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    const detail = err.status < 500 ? err.detail : undefined;
    return refuse(request, reply, err.status, err.refusal, detail, err.status >= 500 ? err : undefined);
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const known = err.code ? FASTIFY_REFUSALS[err.code] : undefined;
    return refuse(request, reply, status, known ?? refusal("api.requestRefused", { status }));
  }
  if (isDatabaseUnavailable(err)) {
    // Nothing committed; a retry a moment later finds the database back (or another replica's).
    reply.header("retry-after", "2");
    return refuse(request, reply, 503, refusal("api.unavailable"), undefined, err);
  }
  return refuse(request, reply, 500, refusal("api.internal"), undefined, err);
}

/** Unknown calls: 404 naming the method and path (without the query). */
export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  // Bounded: the path is the client's, echoed back.
  const path = request.url.split("?")[0]!.slice(0, 200);
  refuse(request, reply, 404, refusal("api.noSuchCall", { method: request.method, path }));
}
