import fs from "node:fs";
import path from "node:path";
import type { FastifyReply } from "fastify";
import { refusal, type Refusal } from "../domain/refusals";
import { createRefusalTexts } from "../domain/refusal-language";

type GatewayStatus = 400 | 502 | 503 | 504;

/** The refusals' texts of locales/, read once for this process's life. */
const TEXTS = createRefusalTexts((catalogue) =>
  fs.readFileSync(path.resolve(__dirname, "../locales", `${catalogue}.json`), "utf8"),
);

/**
 * What the web server answers for the API when no API process gave an answer, or when the request
 * could not be forwarded at all: the API's own refusal envelope (`{code, msg, data: null, key}`,
 * server/lib/envelope.ts), so the web app shows it like any refusal, in the user's language, and
 * `msg` follows the request's Accept-Language as the API's does (domain/refusal-language.ts,
 * ADR-0196). Built here because the web server imports nothing of
 * the API; the keys live with the API's in domain/refusals.ts.
 */
export function gatewayRefusalBody(status: GatewayStatus, acceptLanguage: string | undefined): string {
  // 400: a request target that is not plain origin-form (request-target.ts).
  // 503: no API process could be reached, so none saw the request: trying again is safe.
  // 502/504: one took it and failed or fell silent: it may have acted on it.
  const r: Refusal =
    status === 400 ? refusal("api.badUrl") : status === 503 ? refusal("api.unavailable") : refusal("api.noAnswer");
  return JSON.stringify({ code: status, msg: TEXTS.text(r, TEXTS.catalogueFor(acceptLanguage)), data: null, key: r.key });
}

export function sendGatewayRefusal(reply: FastifyReply, status: GatewayStatus): FastifyReply {
  if (status === 503) reply.header("retry-after", "1");
  // No upstream answered, so no other Vary was set.
  return reply
    .code(status)
    .header("vary", "Accept-Language")
    .type("application/json; charset=utf-8")
    .send(gatewayRefusalBody(status, reply.request.headers["accept-language"]));
}
