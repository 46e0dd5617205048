import type { FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
import { refusal } from "../../domain/refusals";
import { AppError } from "./errors";

/**
 * Lets routes declare zod schemas for params, querystring and body. A failed parse answers 400
 * `api.invalidInput` naming the field (its path, or the part of the request when the whole part
 * is wrong), with zod's English reason after the text in `msg`.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  return (data: unknown) => {
    // A POST without a body reaches us as null; for the body, treat that as `{}` so schemas
    // whose fields are all optional accept it and required fields still name what is missing.
    const result = schema.safeParse(httpPart === "body" ? (data ?? {}) : data);
    if (result.success) return { value: result.data };
    return { error: invalidInput(result.error, httpPart ?? "input") };
  };
};

/** The first issue of a failed parse as a refusal: `api.invalidInput` with the field. */
export function invalidInput(error: z.ZodError, part: string): AppError {
  const issue = error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join(".") : part;
  return new AppError(400, refusal("api.invalidInput", { field }), issue?.message ?? "invalid input");
}
