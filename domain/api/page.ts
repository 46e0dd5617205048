import { z } from "zod";

/**
 * Page and limit of a list call (defaults page 1, limit 10, at most 100 per page). Accepted as
 * numbers in JSON bodies and as digit strings in query strings.
 */
const wholeNumber = (name: string, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,9}$/, `${name} must be a whole number`)
        .transform(Number),
    ])
    .pipe(
      z
        .number()
        .int(`${name} must be a whole number`)
        .min(1, `${name} must be at least 1`)
        .max(max, `${name} must be at most ${max}`),
    );

export const pageFields = {
  page: wholeNumber("page", 1_000_000).default(1),
  limit: wholeNumber("limit", 100).default(10),
};

/** A list call's JSON body: `{page?, limit?}`. */
export const pageBody = z.strictObject(pageFields);
/** A list call's query string: `?page&limit`. */
export const pageQuery = pageBody;

/** A page of a list reply: `{list, total, page, limit}`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

/** An id in a path: digits only, so `../`, `%00` and friends never reach a query. */
export const idParam = z.strictObject({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, "id must be a positive whole number")
    .transform((v) => BigInt(v)),
});

/**
 * For POST calls that take nothing but the path. A missing body is validated as `{}` (see
 * server/lib/zod-validation.ts), so `{}` and no body are both accepted.
 */
export const emptyBody = z.strictObject({});
