import type { FastifyReply, FastifyRequest } from "fastify";
import { englishText, type Refusal } from "../../domain/refusals";
import type { RefusalTexts } from "../../domain/refusal-language";

declare module "fastify" {
  interface FastifyInstance {
    /** The refusals' texts (buildApp decorates its root); absent on an instance built without them: English. */
    refusalTexts?: RefusalTexts;
  }
}

/**
 * The reply envelope of specification §7: code 0 carries data, any other code carries msg, and
 * (ours) the refusal's key and params, so the client can say it in the user's language.
 */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T | null;
  key?: Refusal["key"];
  params?: Refusal["params"];
}

/** A success; `code` is the literal 0 so a route's reply type matches its response schema. */
export const ok = <T>(data: T) => ({ code: 0 as const, msg: "success", data });

/**
 * A refusal: `msg` is `text` (by default the English one), followed by `detail` when given (an
 * English reason for developers), `params` only when it has any.
 */
export const fail = (code: number, r: Refusal, detail?: string, text = englishText(r)): Envelope<null> => ({
  code,
  msg: detail ? `${text} (${detail})` : text,
  data: null,
  key: r.key,
  ...(r.params ? { params: r.params } : {}),
});

/** Adds a request header to the reply's `Vary` (keeping what is there; once). */
export function varyOn(reply: FastifyReply, header: string): void {
  const current = reply.getHeader("vary");
  const names =
    current === undefined
      ? []
      : String(current)
          .split(",")
          .map((name) => name.trim());
  if (names.some((name) => name === "*" || name.toLowerCase() === header.toLowerCase())) return;
  reply.header("vary", [...names.filter(Boolean), header].join(", "));
}

/**
 * A refusal answered to `request`: `msg` in the language its Accept-Language asks for (English when
 * none of ours, or on an app without the texts), and `Vary: Accept-Language` on the reply. An
 * English `msg` keeps `detail` after the text; another language's is the catalogue's text alone,
 * as the specification's clients show it (ADR-0196).
 */
export function refusalTo(request: FastifyRequest, reply: FastifyReply, code: number, r: Refusal, detail?: string) {
  varyOn(reply, "Accept-Language");
  const texts = request.server.refusalTexts;
  if (!texts) return fail(code, r, detail);
  const catalogue = texts.catalogueFor(request.headers["accept-language"]);
  return fail(code, r, catalogue === "en" ? detail : undefined, texts.text(r, catalogue));
}
