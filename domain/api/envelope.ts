import { z } from "zod";

/*
 * The reply envelope of specification §7 as schemas, shared by the server (which serialises every
 * reply through them: a field no schema names never leaves the server) and the web app (which
 * infers its reply types from them instead of keeping interfaces by hand).
 */

/** A refusal's parameters: the placeholders of its text (domain/refusals.ts). */
export const refusalParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** A success: code 0 carries `data`. */
export const okEnvelope = <T extends z.ZodType>(data: T) => z.object({ code: z.literal(0), msg: z.string(), data });

/**
 * A refusal: any other code, in `msg` the key's text in the language the request asked for
 * (Accept-Language, else English: ADR-0196), the i18n key and its params.
 */
export const refusalEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.null(),
  key: z.string(),
  params: refusalParamsSchema.optional(),
});

/** A route's `schema.response`: its success shape under HTTP 200. */
export const replies = <T extends z.ZodType>(data: T) => ({ 200: okEnvelope(data) });

/** A reply without data: `{code: 0, msg: "success", data: null}`. */
export const noData = z.null();

/** Minor units (fen, micro-USDT) or base units, written as a decimal string so no float ever holds them. */
export const amountString = z.string().regex(/^-?\d+$/);
