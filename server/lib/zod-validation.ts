import type { FastifySchemaCompiler } from "fastify";
import type { z } from "zod";

/**
 * Lets routes declare zod schemas for params, querystring and body. A failed parse becomes a
 * Fastify validation error, which the error handler answers with code 400 and a readable msg.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  return (data: unknown) => {
    // A POST without a body reaches us as null; for the body, treat that as `{}` so schemas
    // whose fields are all optional accept it and required fields still name what is missing.
    const result = schema.safeParse(httpPart === "body" ? (data ?? {}) : data);
    if (result.success) return { value: result.data };
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    return { error: new Error(`${where}${issue?.message ?? "invalid input"}`) };
  };
};
