import type { FastifyReply } from "fastify";
import { englishText, refusal, type Refusal } from "../domain/refusals";

type GatewayStatus = 400 | 502 | 503 | 504;

/**
 * What the web server answers for the API when no API process gave an answer, or when the request
 * could not be forwarded at all: the API's own refusal envelope (`{code, msg, data: null, key}`,
 * server/lib/envelope.ts), so the web app shows it like any refusal, in the user's language. Built
 * here because the web server imports nothing of the API; the keys live with the API's in
 * domain/refusals.ts.
 */
export function gatewayRefusalBody(status: GatewayStatus): string {
  // 400: a request target that is not plain origin-form (request-target.ts).
  // 503: no API process could be reached, so none saw the request: trying again is safe.
  // 502/504: one took it and failed or fell silent: it may have acted on it.
  const r: Refusal =
    status === 400 ? refusal("api.badUrl") : status === 503 ? refusal("api.unavailable") : refusal("api.noAnswer");
  return JSON.stringify({ code: status, msg: englishText(r), data: null, key: r.key });
}

export function sendGatewayRefusal(reply: FastifyReply, status: GatewayStatus): FastifyReply {
  if (status === 503) reply.header("retry-after", "1");
  return reply.code(status).type("application/json; charset=utf-8").send(gatewayRefusalBody(status));
}
